import {
  type ModerationActionEntry,
  type ModerationReport,
  REPORT_REASON_LABELS,
  type ReportStatus,
} from '@campusrun/shared';
import clsx from 'clsx';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatDateTime, formatRupees } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useModerationActions, useModerationReports } from '@/api/moderation';
import { DecisionDialog } from './DecisionDialog';
import { DisputesQueue } from './DisputesQueue';

type Tab = ReportStatus | 'disputes' | 'log';
const TABS: { id: Tab; label: string }[] = [
  { id: 'open', label: 'Open reports' },
  { id: 'closed', label: 'Closed' },
  { id: 'disputes', label: 'Disputes' },
  { id: 'log', label: 'Action log' },
];

/** How the log says each action; the others read as their own name. */
const ACTION_TEXT: Partial<Record<ModerationActionEntry['action'], string>> = {
  resolve_dispute: 'decided a dispute',
};

const TYPE_LABEL = {
  product: 'Product',
  request: 'Request',
  message: 'Message',
  user: 'User',
  lost_found_post: 'Lost and found post',
  lost_found_claim: 'Lost and found claim',
} as const;

/** /moderation: the campus moderators' queue, grouped by what was reported, and their action log. */
export function ModerationPage() {
  const { user } = useAuth();
  // The tab is in the address (?tab=disputes), so a link or the back button opens the same one.
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'open';
  const setTab = (next: Tab) =>
    setParams(next === 'open' ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  if (!user?.isModerator)
    return (
      <>
        <title>Moderation · CampusRun</title>
        <EmptyState
          icon={ShieldOff}
          title="Only moderators can open this page"
          description="Moderators are campus staff and trusted students who review reports."
        />
      </>
    );
  return (
    <>
      <title>Moderation · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Moderation</h1>
      <p className="mt-1 text-sm text-slate-500">
        Review what students reported, then dismiss, remove or suspend; decide disputes over payments.
      </p>
      {/* The padding keeps the tabs' rings and focus outlines inside the scrolling row, uncut. */}
      <div role="tablist" aria-label="Moderation" className="-mx-1 mt-4 flex gap-2 overflow-x-auto p-1">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={clsx(
              'min-h-11 shrink-0 rounded-lg px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
              tab === t.id
                ? 'bg-indigo-600 text-on-fill'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-5">
        {tab === 'log' ? <ActionLog /> : tab === 'disputes' ? <DisputesQueue /> : <Queue status={tab} />}
      </div>
    </>
  );
}

/** Reports grouped by their target, in the order of each target's newest report. */
function groupByTarget(reports: ModerationReport[]) {
  const groups = new Map<string, ModerationReport[]>();
  for (const r of reports) {
    const key = `${r.target.type}:${r.target.id}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()];
}

function Queue({ status }: { status: ReportStatus }) {
  const reports = useModerationReports(status);
  if (reports.isPending)
    return (
      <div className="space-y-4" role="status" aria-label="Loading reports">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (reports.isError)
    return (
      <ErrorState
        title="Failed to load reports"
        error={reports.error}
        onRetry={() => void reports.refetch()}
        isRetrying={reports.isFetching}
      />
    );
  if (reports.data.length === 0)
    return (
      <EmptyState
        icon={ShieldCheck}
        title={status === 'open' ? 'No open reports' : 'No closed reports yet'}
        description={status === 'open' ? 'Everything reported has been reviewed.' : undefined}
      />
    );
  return (
    <ul className="space-y-4" aria-label="Reported items">
      {groupByTarget(reports.data).map((group) => (
        <TargetCard
          key={`${group[0]!.target.type}:${group[0]!.target.id}`}
          reports={group}
          open={status === 'open'}
        />
      ))}
    </ul>
  );
}

/** What a reported item's photo shows, for those who cannot see it. */
function photoLabel(target: ModerationReport['target'], heading: string, index: number) {
  if (target.type === 'user') return `Profile photo of ${target.owner.name}`;
  if (target.type === 'message') return `Photo sent by ${target.owner.name}`;
  return target.photos.length > 1 ? `Photo ${index + 1} of ${heading}` : `Photo of ${heading}`;
}

type ClaimPost = NonNullable<ModerationReport['target']['post']>;

/** A reported claim's heading: the post it was made on, a link to it. */
function ClaimHeading({ post }: { post: ClaimPost }) {
  return (
    <>
      Claim on “
      <Link
        to={paths.lostFound(post.id)}
        className="text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {post.title}
      </Link>
      ”
    </>
  );
}

/** A reported claim: the finder's question and the claimant's answer (never the answer expected). */
function ClaimAnswer({ question, answer }: { question: string | null; answer: string | null }) {
  return (
    <dl className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
      {question && (
        <div>
          <dt className="font-medium text-slate-700">The finder asks</dt>
          <dd className="break-words text-slate-700">{question}</dd>
        </div>
      )}
      <div>
        <dt className="font-medium text-slate-700">Their answer</dt>
        <dd className="whitespace-pre-line break-words text-slate-900">{answer}</dd>
      </div>
    </dl>
  );
}

function TargetCard({ reports, open }: { reports: ModerationReport[]; open: boolean }) {
  const { target } = reports[0]!;
  const [action, setAction] = useState<'dismiss' | 'remove' | 'suspend' | null>(null);
  // A claim is shown with the post it was made on: the finder's question and the claimant's answer.
  const claimOn = target.type === 'lost_found_claim' ? target.post : null;
  const heading = claimOn
    ? `Claim on “${claimOn.title}”`
    : (target.title ?? (target.type === 'message' ? `Message from ${target.owner.name}` : target.owner.name));
  return (
    <li className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="slate">{TYPE_LABEL[target.type]}</Badge>
        {target.moderation === 'held' && <Badge tone="amber">Hidden until reviewed</Badge>}
        {target.moderation === 'removed' && <Badge tone="red">Removed</Badge>}
        {target.owner.suspended && <Badge tone="red">Owner suspended</Badge>}
        <span className="text-sm text-slate-500">
          {reports.length} {reports.length === 1 ? 'report' : 'reports'}
        </span>
      </div>
      <h2 className="mt-2 text-lg font-semibold break-words text-slate-900">
        {claimOn ? <ClaimHeading post={claimOn} /> : heading}
      </h2>
      <p className="text-sm text-slate-500">
        {target.type === 'user' ? 'Reported user' : `By ${target.owner.name}`}
        {target.price !== null && ` · ${formatRupees(target.price)}`}
      </p>
      {target.photos.length > 0 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label="Photos">
          {target.photos.map((src, i) => (
            <li key={src} className="shrink-0">
              <a
                href={mediaUrl(src)}
                target="_blank"
                rel="noreferrer"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <img
                  src={mediaUrl(src)}
                  alt={photoLabel(target, heading, i)}
                  loading="lazy"
                  className="size-20 rounded-lg object-cover ring-1 ring-slate-200"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {claimOn ? (
        <ClaimAnswer question={claimOn.question} answer={target.text} />
      ) : (
        target.text && (
          <p className="mt-3 text-sm whitespace-pre-line break-words text-slate-700">{target.text}</p>
        )
      )}
      {target.context.length > 0 && (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-700">Conversation around it</p>
          <ul className="mt-1 space-y-1">
            {target.context.map((m) => (
              <li key={m.sentAt + m.content} className="text-slate-600">
                <span className="font-medium">{m.fromOwner ? target.owner.name : 'Reporter side'}:</span>{' '}
                {m.content}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h3 className="mt-4 text-sm font-medium text-slate-700">Reasons</h3>
      <ul className="mt-1 divide-y divide-slate-100">
        {reports.map((r) => (
          <li key={r.id} className="py-2 text-sm">
            <span className="font-medium text-slate-900">{REPORT_REASON_LABELS[r.reason]}</span>
            <span className="text-slate-500">
              {' '}
              · {r.reporter.name} · {formatDateTime(r.createdAt)}
            </span>
            {r.details && <p className="mt-0.5 break-words text-slate-600">{r.details}</p>}
          </li>
        ))}
      </ul>
      {open && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={() => setAction('dismiss')}>
            Dismiss
          </Button>
          {target.type !== 'user' && (
            <Button variant="danger" onClick={() => setAction('remove')}>
              Remove
            </Button>
          )}
          <Button variant="danger" onClick={() => setAction('suspend')}>
            Suspend {target.owner.name}
          </Button>
        </div>
      )}
      {action && (
        <DecisionDialog
          action={action}
          reportId={reports[0]!.id}
          who={target.owner.name}
          onClose={() => setAction(null)}
        />
      )}
    </li>
  );
}

function ActionLog() {
  const actions = useModerationActions();
  if (actions.isPending)
    return (
      <div className="space-y-3" role="status" aria-label="Loading the action log">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (actions.isError)
    return (
      <ErrorState
        title="Failed to load the action log"
        error={actions.error}
        onRetry={() => void actions.refetch()}
        isRetrying={actions.isFetching}
      />
    );
  if (actions.data.length === 0) return <EmptyState icon={ShieldCheck} title="No actions yet" />;
  return (
    <ul
      className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      aria-label="Action log"
    >
      {actions.data.map((a) => (
        <li key={a.id} className="p-4 text-sm">
          <p className="text-slate-900">
            <span className="font-medium">{a.moderator.name}</span> · {ACTION_TEXT[a.action] ?? a.action}
            {a.days !== null && ` for ${a.days} days`} · {TYPE_LABEL[a.targetType].toLowerCase()}
          </p>
          <p className="break-words text-slate-600">{a.reason}</p>
          <p className="text-xs text-slate-500">{formatDateTime(a.createdAt)}</p>
        </li>
      ))}
    </ul>
  );
}
