import {
  DISPUTE_MESSAGES,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_OUTCOMES,
  DISPUTE_REASON_LABELS,
  type DisputeOutcome,
  type DisputeStatus,
  type ModerationDispute,
  type ResolveDisputeBody,
  SETTLEMENT_LIMITS,
  SETTLEMENT_STATE_LABELS,
  resolveDisputeSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { ChevronDown, Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { LoadMore } from '@/components/ui/LoadMore';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatRupees } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { mediaUrl } from '@/lib/media';
import { toast } from '@/lib/toast';
import { useModerationDisputes, useResolveDispute } from '@/api/moderation';

const STATUSES: { id: DisputeStatus; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'resolved', label: 'Resolved' },
];
const KIND_LABEL = { request: 'Request', sale: 'Sale' } as const;
const METHOD_LABEL = { upi: 'UPI', cash: 'Cash' } as const;

/** The moderators' disputes: open ones to decide, resolved ones with their outcome and note. */
export function DisputesQueue() {
  const [status, setStatus] = useState<DisputeStatus>('open');
  return (
    <div>
      <div role="group" aria-label="Disputes to show" className="flex gap-2">
        {STATUSES.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-pressed={status === s.id}
            onClick={() => setStatus(s.id)}
            className={clsx(
              'min-h-11 rounded-full px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
              status === s.id
                ? 'bg-indigo-600 text-on-fill'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div className="mt-4">
        <DisputeList key={status} status={status} />
      </div>
    </div>
  );
}

function DisputeList({ status }: { status: DisputeStatus }) {
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
        title={status === 'open' ? 'No open disputes' : 'No resolved disputes yet'}
        description={status === 'open' ? 'Nobody is waiting for a decision.' : undefined}
      />
    );
  return (
    <>
      <ul
        ref={listRef}
        className="space-y-4"
        aria-label={status === 'open' ? 'Open disputes' : 'Resolved disputes'}
      >
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
        {dispute.status === 'open' ? <Badge tone="amber">Open</Badge> : <Badge tone="green">Resolved</Badge>}
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

      <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm">
        <p className="text-slate-900">
          <span className="font-medium">{dispute.openedBy.name}</span>
          <span className="text-slate-600"> opened it: </span>
          <span className="font-medium">{DISPUTE_REASON_LABELS[dispute.reason]}</span>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-slate-700">{dispute.details}</p>
      </div>

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

      {dispute.status === 'open' ? (
        <DecideForm dispute={dispute} />
      ) : (
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

interface DecideValues {
  outcome: DisputeOutcome | '';
  note: string;
}
const decideResolver = zodResolver(resolveDisputeSchema) as unknown as Resolver<
  DecideValues,
  unknown,
  ResolveDisputeBody
>;

function DecideForm({ dispute }: { dispute: ModerationDispute }) {
  const id = useId();
  const resolve = useResolveDispute();
  const form = useForm<DecideValues, unknown, ResolveDisputeBody>({
    resolver: decideResolver,
    defaultValues: { outcome: '', note: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const note = useWatch({ control, name: 'note' });
  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: ['outcome', 'note'],
    submit: (body) => resolve.mutateAsync({ disputeId: dispute.id, body }),
    onSuccess: () => toast.success(DISPUTE_MESSAGES.resolved),
    // Decided by someone else meanwhile: the list refreshes and shows it among the resolved ones.
    onError: (failure) => {
      if (failure.reason !== 'alreadyResolved') return false;
      toast.error(errorMessage(failure, DISPUTE_MESSAGES.alreadyResolved));
      return true;
    },
    fallback: 'Failed to save the decision',
  });
  const outcomeError = errors.outcome?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4 border-t border-slate-100 pt-4">
      <fieldset aria-describedby={outcomeError ? `${id}-outcome-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">Outcome</legend>
        <div className="mt-2 grid grid-cols-1 gap-2">
          {DISPUTE_OUTCOMES.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-500"
            >
              <input
                type="radio"
                value={value}
                aria-invalid={outcomeError ? true : undefined}
                className="size-4 shrink-0 accent-indigo-600"
                {...register('outcome')}
              />
              {DISPUTE_OUTCOME_LABELS[value]}
            </label>
          ))}
        </div>
        {outcomeError && (
          <p id={`${id}-outcome-error`} role="alert" className="mt-1.5 text-sm text-red-700">
            {outcomeError}
          </p>
        )}
      </fieldset>
      <Field
        label="Note to both sides"
        hint={`Both are told the outcome and this note. ${note.length}/${SETTLEMENT_LIMITS.outcomeNoteMax} characters`}
        error={errors.note?.message}
      >
        {({ invalid, ...control }) => (
          <Textarea
            {...control}
            invalid={invalid}
            rows={3}
            maxLength={SETTLEMENT_LIMITS.outcomeNoteMax}
            {...register('note')}
          />
        )}
      </Field>
      {generalError && (
        <p role="alert" className="text-sm text-red-700">
          {generalError}
        </p>
      )}
      <div className="flex sm:justify-end">
        <Button type="submit" className="w-full sm:w-auto" isLoading={resolve.isPending}>
          Decide
        </Button>
      </div>
    </form>
  );
}
