import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_REASON_LABELS,
  DISPUTE_STATE_LABELS,
  DISPUTE_STATES,
  type DisputePhoto,
  type DisputeState,
  type ModerationDispute,
  SETTLEMENT_STATE_LABELS,
} from '@campusrun/shared';
import clsx from 'clsx';
import { ChevronDown, Scale } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { LoadMore } from '@/components/ui/LoadMore';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { formatDateTime, formatRupees } from '@/lib/format';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { mediaUrl } from '@/lib/media';
import { useModerationDisputes } from '@/api/moderation';
import { DecideForm } from './DecideForm';

const STATUS_TONES: Record<DisputeState, BadgeTone> = {
  open: 'amber',
  resolved: 'green',
  withdrawn: 'slate',
};
const EMPTY: Record<DisputeState, string> = {
  open: 'No open disputes',
  resolved: 'No decided disputes yet',
  withdrawn: 'No withdrawn disputes',
};
const KIND_LABEL = { request: 'Request', sale: 'Sale' } as const;
const METHOD_LABEL = { upi: 'UPI', cash: 'Cash' } as const;

/**
 * The moderators' disputes: open ones to decide, with both sides' statements and photos; decided ones
 * with their outcome and note; withdrawn ones.
 */
export function DisputesQueue() {
  const [status, setStatus] = useState<DisputeState>('open');
  return (
    <div>
      <div role="group" aria-label="Disputes to show" className="flex flex-wrap gap-2">
        {DISPUTE_STATES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
            className={clsx(
              'min-h-11 rounded-full px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
              status === s
                ? 'bg-indigo-600 text-on-fill'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {DISPUTE_STATE_LABELS[s]}
          </button>
        ))}
      </div>
      <div className="mt-4">
        <DisputeList key={status} status={status} />
      </div>
    </div>
  );
}

function DisputeList({ status }: { status: DisputeState }) {
  const query = useModerationDisputes(status);
  const disputes = query.data?.pages.flatMap((p) => p.disputes);
  const { listRef, markLoadMore } = useLoadMoreFocus(disputes);
  if (query.isPending)
    return (
      <div className="space-y-4" role="status" aria-label="Loading disputes">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <ErrorState
        title="Failed to load disputes"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  if (!disputes || disputes.length === 0)
    return (
      <EmptyState
        icon={Scale}
        title={EMPTY[status]}
        description={status === 'open' ? 'Nobody is waiting for a decision.' : undefined}
      />
    );
  return (
    <>
      <ul ref={listRef} className="space-y-4" aria-label={`${DISPUTE_STATE_LABELS[status]} disputes`}>
        {disputes.map((d) => (
          <DisputeCard key={d.id} dispute={d} />
        ))}
      </ul>
      <LoadMore query={query} failedMessage="Failed to load more disputes" onLoad={markLoadMore} />
    </>
  );
}

function DisputeCard({ dispute }: { dispute: ModerationDispute }) {
  const { thing, payer, payee, settlement } = dispute;
  const thingPath = thing.id
    ? dispute.targetType === 'request'
      ? paths.request(thing.id)
      : paths.product(thing.id)
    : null;
  const party = (id: string) =>
    id === payer.id ? `${payer.name} (payer)` : id === payee.id ? `${payee.name} (payee)` : 'Someone else';
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="slate">{KIND_LABEL[dispute.targetType]}</Badge>
        <Badge tone={STATUS_TONES[dispute.status]}>{DISPUTE_STATE_LABELS[dispute.status]}</Badge>
        <span className="text-sm text-slate-500">{formatDateTime(dispute.createdAt)}</span>
      </div>
      <h2 className="mt-2 text-lg font-semibold break-words text-slate-900">
        {thingPath ? (
          <Link
            to={thingPath}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {thing.title}
          </Link>
        ) : (
          thing.title
        )}
      </h2>
      {thing.price !== null && <p className="text-sm text-slate-600">{formatRupees(thing.price)}</p>}
      {thing.photos.length > 0 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label="Photos">
          {thing.photos.map((src, i) => (
            <li key={src} className="shrink-0">
              <a
                href={mediaUrl(src)}
                target="_blank"
                rel="noreferrer"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <img
                  src={mediaUrl(src)}
                  alt={
                    thing.photos.length > 1 ? `Photo ${i + 1} of ${thing.title}` : `Photo of ${thing.title}`
                  }
                  loading="lazy"
                  className="size-20 rounded-lg object-cover ring-1 ring-slate-200"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {thing.text && (
        <p className="mt-3 text-sm whitespace-pre-line break-words text-slate-700">{thing.text}</p>
      )}

      <Statements dispute={dispute} />

      <dl className="mt-4 grid grid-cols-1 gap-x-6 text-sm sm:grid-cols-2">
        <Row label="Payer" value={payer.name} />
        <Row label="Payee" value={payee.name} />
        {settlement ? (
          <>
            <Row label="Amount" value={formatRupees(settlement.amount)} />
            <Row label="Settlement" value={SETTLEMENT_STATE_LABELS[settlement.state]} />
            <Row label="Paid by" value={settlement.method ? METHOD_LABEL[settlement.method] : 'Not said'} />
          </>
        ) : (
          <Row label="Settlement" value="None" />
        )}
      </dl>

      <details className="group mt-4 rounded-lg ring-1 ring-slate-200">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
          Messages between them ({dispute.evidence.length})
          <ChevronDown
            className="size-4 shrink-0 transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        {dispute.evidence.length === 0 ? (
          <p className="px-3 pb-3 text-sm text-slate-600">They have exchanged no messages.</p>
        ) : (
          <ol className="space-y-2 px-3 pb-3 text-sm" aria-label="Messages, oldest first">
            {dispute.evidence.map((m, i) => (
              <li key={`${m.sentAt}-${i}`}>
                <p className="text-xs text-slate-500">
                  <span className="font-medium text-slate-700">{party(m.senderId)}</span> ·{' '}
                  {formatDateTime(m.sentAt)}
                </p>
                <p className="break-words whitespace-pre-line text-slate-800">{m.content}</p>
              </li>
            ))}
          </ol>
        )}
      </details>

      {dispute.status === 'open' && <DecideForm dispute={dispute} />}
      {dispute.status === 'withdrawn' && (
        <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-700">
          Withdrawn by {dispute.openedBy.name}
          {dispute.withdrawnAt && ` on ${formatDateTime(dispute.withdrawnAt)}`}. Nothing was decided.
        </p>
      )}
      {dispute.status === 'resolved' && (
        <div className="mt-4 border-t border-slate-100 pt-3 text-sm">
          <p className="font-medium text-slate-900">
            {dispute.outcome ? DISPUTE_OUTCOME_LABELS[dispute.outcome] : 'Decided'}
          </p>
          {dispute.note && (
            <p className="mt-1 whitespace-pre-line break-words text-slate-700">{dispute.note}</p>
          )}
          {dispute.resolvedAt && (
            <p className="mt-1 text-xs text-slate-500">Decided {formatDateTime(dispute.resolvedAt)}</p>
          )}
        </div>
      )}
    </li>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 border-t border-slate-100 py-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

/** Both sides in their own words, each with their photos (opened full size in a new tab). */
function Statements({ dispute }: { dispute: ModerationDispute }) {
  const other = dispute.openedBy.id === dispute.payer.id ? dispute.payee : dispute.payer;
  return (
    <div className="mt-4 space-y-2">
      <div className="rounded-lg bg-slate-50 p-3 text-sm">
        <p className="text-slate-900">
          <span className="font-medium">{dispute.openedBy.name}</span>
          <span className="text-slate-600"> opened it: </span>
          <span className="font-medium">{DISPUTE_REASON_LABELS[dispute.reason]}</span>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-slate-700">{dispute.details}</p>
        <StatementPhotos photos={dispute.photos} from={dispute.openedBy.name} />
      </div>
      <div className="rounded-lg bg-slate-50 p-3 text-sm">
        {dispute.reply ? (
          <>
            <p className="text-slate-900">
              <span className="font-medium">{dispute.reply.by.name}</span>
              <span className="text-slate-600">’s side · {formatDateTime(dispute.reply.at)}</span>
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-slate-700">{dispute.reply.text}</p>
            <StatementPhotos photos={dispute.reply.photos} from={dispute.reply.by.name} />
          </>
        ) : (
          <p className="text-slate-600">{other.name} has not given their side yet.</p>
        )}
      </div>
    </div>
  );
}

function StatementPhotos({ photos, from }: { photos: DisputePhoto[]; from: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Photos from ${from}`}>
      {photos.map((photo, i) => (
        <li key={photo.thumbnailUrl}>
          <a
            href={photo.url}
            target="_blank"
            rel="noreferrer"
            className="block rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <img
              src={photo.thumbnailUrl}
              alt={`Photo ${i + 1} from ${from}`}
              loading="lazy"
              className="size-20 rounded-lg object-cover ring-1 ring-slate-200"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
