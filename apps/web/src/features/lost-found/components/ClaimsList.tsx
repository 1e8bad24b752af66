import { LOST_FOUND_UI, type LostFoundClaim, type LostFoundPost, type Reliability } from '@campusrun/shared';
import { Check, Inbox } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProfileLink } from '@/components/people/ProfileLink';
import { ReportButton } from '@/components/reports/ReportButton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatMonthYear, formatRelativeTime } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { toast } from '@/lib/toast';
import { useAcceptLostFoundClaim, useLostFoundClaims } from '@/api/lost-found';
import { ConfirmDialog } from './ConfirmDialog';

const T = LOST_FOUND_UI.claims;

const STATUS_TONES: Record<LostFoundClaim['status'], BadgeTone> = {
  open: 'amber',
  accepted: 'green',
  withdrawn: 'slate',
  closed: 'slate',
};

/** How a member's reliability record reads in one line (the people's wording, handed in by the app). */
export type DescribeReliability = (reliability: Reliability) => string;

function ClaimRow({
  claim,
  canAccept,
  onAccept,
  onReported,
  describe,
}: {
  claim: LostFoundClaim;
  canAccept: boolean;
  onAccept: () => void;
  onReported: () => void;
  describe: DescribeReliability;
}) {
  const { claimant } = claim;
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-start gap-3">
        <Avatar
          id={claimant.id}
          name={claimant.name}
          src={mediaUrl(claimant.avatar)}
          size="sm"
          className="mt-1.5"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="min-w-0 text-base font-medium wrap-anywhere text-slate-900">
              <ProfileLink
                user={claimant}
                className="inline-flex min-h-11 items-center hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              />
            </h3>
            <Badge tone={STATUS_TONES[claim.status]}>{T.statuses[claim.status]}</Badge>
          </div>
          <p className="text-sm text-slate-600">{describe(claim.reliability)}</p>
          <p className="text-sm text-slate-600">
            {T.memberSince(formatMonthYear(claim.reliability.memberSince))} ·{' '}
            <time dateTime={claim.createdAt}>{formatRelativeTime(claim.createdAt)}</time>
          </p>
        </div>
      </div>
      <div className="mt-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{T.theirAnswer}</p>
        <p className="mt-1 text-sm whitespace-pre-wrap wrap-anywhere text-slate-900">{claim.answer}</p>
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        {canAccept && (
          <Button className="w-full sm:w-auto" onClick={onAccept} aria-label={T.acceptLabel(claimant.name)}>
            <Check className="size-4" aria-hidden="true" />
            {T.accept}
          </Button>
        )}
        <div className="flex justify-end sm:ml-auto">
          <ReportButton
            targetType="lost_found_claim"
            targetId={claim.id}
            what={T.reportWhat(claimant.name)}
            label={T.report}
            ariaLabel={T.reportLabel(claimant.name)}
            onSent={onReported}
          />
        </div>
      </div>
    </li>
  );
}

function Loading() {
  return (
    <div role="status" aria-label={T.loading} className="space-y-3">
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-12 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The finder's view of the claims on their found post, on a card of its own: each claimant (a link
 * to their profile), their reliability record, when they claimed and their answer, to compare with
 * the one expected. "Accept" (after a confirmation) gives it back to one: the post is resolved, the
 * others are told, and the chat with the owner opens. "Report" sends one to the moderators; a claim
 * held or removed by moderation leaves the list.
 */
export function ClaimsList({
  post,
  describe,
  className,
}: {
  post: LostFoundPost;
  describe: DescribeReliability;
  className?: string;
}) {
  const navigate = useNavigate();
  const query = useLostFoundClaims(post.id);
  const accept = useAcceptLostFoundClaim();
  const [accepting, setAccepting] = useState<LostFoundClaim | null>(null);

  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError)
    body = (
      <ErrorState
        title={T.failed}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
        className="py-4"
      />
    );
  else if (query.data.length === 0)
    body = (
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <Inbox className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {T.empty}
      </p>
    );
  else
    body = (
      <ul aria-label={T.heading} className="divide-y divide-slate-100">
        {query.data.map((claim) => (
          <ClaimRow
            key={claim.id}
            claim={claim}
            canAccept={post.state === 'open' && claim.status === 'open'}
            onAccept={() => setAccepting(claim)}
            // A report may hold the claim, which then leaves this list.
            onReported={() => void query.refetch()}
            describe={describe}
          />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="claims-heading" className={className}>
      <h2 id="claims-heading" className="text-lg font-semibold text-slate-900">
        {T.heading}
      </h2>
      <div className="mt-3">{body}</div>
      <ConfirmDialog
        open={accepting !== null}
        onClose={() => setAccepting(null)}
        title={T.acceptTitle(accepting?.claimant.name ?? '')}
        description={T.acceptDescription}
        confirm={T.acceptConfirm}
        pending={accept.isPending}
        onConfirm={() =>
          accepting &&
          accept.mutate(
            { id: post.id, claimId: accepting.id },
            {
              onSuccess: ({ message, receiverId }) => {
                setAccepting(null);
                toast.success(message, { toastId: 'lost-found:accept' });
                navigate(paths.chatWith(receiverId));
              },
              onError: (error) => {
                setAccepting(null);
                toast.error(errorMessage(error, T.acceptFailed), { toastId: 'lost-found:accept' });
              },
            },
          )
        }
      />
    </section>
  );
}
