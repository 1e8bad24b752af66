import {
  DISPUTE_MESSAGES,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_REASON_LABELS,
  type DisputePhoto,
  type Settlement,
  type SettlementDispute,
} from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquareText, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { OfflineReason, useOfflineReason } from '@/components/OfflineReason';
import { Dialog } from '@/components/ui/Dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { SETTLEMENT_TOAST, useWithdrawDispute } from '@/api/settlements';
import { settlementKeys } from '@/api/cache';
import { useTellOwnChange } from '../own-changes';
import { StatementDialog } from './deferred';
import { DisputePhotos } from './DisputePhotos';
import { named, outcomeLine } from './parties';

interface TimelineEvent {
  key: string;
  at: string;
  title: string;
  /** A decision's outcome, in plain words. */
  outcome?: string;
  text?: string | null;
  photos?: { list: DisputePhoto[]; from: string };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What happened in one dispute, each with its time: opened, the other side, withdrawn or decided. */
function eventsOf(
  d: SettlementDispute,
  settlement: Settlement,
  viewerId: string | undefined,
  last: boolean,
): TimelineEvent[] {
  const opener = named(d.openedBy, viewerId);
  const events: TimelineEvent[] = [
    {
      key: `${d.id}-opened`,
      at: d.createdAt,
      title: `${capital(opener)} opened a dispute: ${DISPUTE_REASON_LABELS[d.reason]}`,
      text: d.details,
      photos: { list: d.photos, from: d.openedBy.name },
    },
  ];
  if (d.reply)
    events.push({
      key: `${d.id}-reply`,
      at: d.reply.at,
      title: d.reply.by.id === viewerId ? 'Your side' : `${d.reply.by.name}’s side`,
      text: d.reply.text,
      photos: { list: d.reply.photos, from: d.reply.by.name },
    });
  if (d.status === 'withdrawn' && d.withdrawnAt)
    events.push({
      key: `${d.id}-withdrawn`,
      at: d.withdrawnAt,
      title: `Withdrawn by ${opener}. Nothing was decided.`,
    });
  if (d.status === 'resolved' && d.outcome && d.resolvedAt) {
    // The last decision in plain words with what is owed now; an earlier one as it was labelled.
    const words = (last && outcomeLine(settlement, viewerId)?.text) || DISPUTE_OUTCOME_LABELS[d.outcome];
    events.push({
      key: `${d.id}-decided`,
      at: d.resolvedAt,
      title: 'A moderator decided',
      outcome: words,
      text: d.note,
    });
  }
  return events;
}

/**
 * The story of a settlement's disputes, for its two parties: who opened one and why with their
 * statement, the other side's statement (photos open large), a withdrawal, a moderator's decision
 * with its note, in order. While one is open, each party may write or change their side and the one
 * who opened it may withdraw it.
 */
export function DisputeTimeline({
  settlement,
  viewerId,
  level = 3,
}: {
  settlement: Settlement;
  viewerId: string | undefined;
  /** Its heading's level, under the card's own. */
  level?: 3 | 4;
}) {
  const { disputes } = settlement;
  if (disputes.length === 0) return null;
  const events = disputes
    .flatMap((d, i) => eventsOf(d, settlement, viewerId, i === disputes.length - 1))
    .sort((a, b) => a.at.localeCompare(b.at));
  const open = disputes.find((d) => d.status === 'open');
  const headingId = `dispute-history-${settlement.id}`;
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-100 pt-3">
      <Heading id={headingId} className="text-sm font-semibold text-slate-900">
        Dispute
      </Heading>
      <ol className="mt-2 space-y-3 border-l-2 border-slate-200 pl-4">
        {events.map((e) => (
          <li key={e.key} className="text-sm">
            <p className="font-medium break-words text-slate-900">{e.title}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            </p>
            {e.outcome && <p className="mt-1 font-medium break-words text-slate-900">{e.outcome}</p>}
            {e.text && <p className="mt-1 break-words whitespace-pre-line text-slate-700">{e.text}</p>}
            {e.photos && <DisputePhotos photos={e.photos.list} from={e.photos.from} />}
          </li>
        ))}
      </ol>
      {open && <OpenDisputeActions dispute={open} settlement={settlement} viewerId={viewerId} />}
    </section>
  );
}

/** The viewer's side of the open dispute: what to do next, their statement, the opener's withdrawal. */
function OpenDisputeActions({
  dispute,
  settlement,
  viewerId,
}: {
  dispute: SettlementDispute;
  settlement: Settlement;
  viewerId: string | undefined;
}) {
  const queryClient = useQueryClient();
  const withdraw = useWithdrawDispute();
  const tellOwnChange = useTellOwnChange();
  const { offline, describedBy } = useOfflineReason();
  const inDialog = useOfflineReason();
  const [writing, setWriting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const opened = dispute.openedBy.id === viewerId;
  const other = settlement.payer.id === dispute.openedBy.id ? settlement.payee : settlement.payer;
  const mine = opened
    ? { text: dispute.details, photos: dispute.photos }
    : { text: dispute.reply?.text ?? '', photos: dispute.reply?.photos ?? [] };
  const first = !opened && dispute.reply === null;
  const { can } = dispute;

  const sayWithdrawn = () =>
    withdraw.mutate(dispute.id, {
      onSuccess: (changed) => {
        setConfirming(false);
        toast.success(DISPUTE_MESSAGES.withdrawn, SETTLEMENT_TOAST);
        tellOwnChange(changed);
      },
      onError: (failure) => {
        setConfirming(false);
        toast.error(errorMessage(failure, 'Failed to withdraw the dispute'), SETTLEMENT_TOAST);
        // Decided meanwhile: show it as it is now.
        if (failure instanceof ApiError && (failure.status === 409 || failure.status === 403))
          void queryClient.invalidateQueries({ queryKey: settlementKeys.all });
      },
    });

  if (!can.statement && !can.withdraw) return null;
  return (
    <div className="mt-3 space-y-3">
      <p className="text-sm text-slate-600">
        {first
          ? 'Tell the moderator your side. A photo such as a UPI screenshot helps.'
          : opened && dispute.reply === null
            ? `Waiting for ${other.name}’s side. A moderator will decide.`
            : 'A moderator will decide.'}
      </p>
      <OfflineReason id={describedBy} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {can.statement && (
          <Button
            variant={first ? 'primary' : 'secondary'}
            onClick={() => setWriting(true)}
            disabled={offline}
            aria-describedby={describedBy}
          >
            <MessageSquareText className="size-4" aria-hidden="true" />
            {first ? 'Give your side' : 'Change your side'}
          </Button>
        )}
        {can.withdraw && (
          <Button
            variant="ghost"
            onClick={() => setConfirming(true)}
            disabled={offline || withdraw.isPending}
            aria-describedby={describedBy}
          >
            <Undo2 className="size-4" aria-hidden="true" />
            Withdraw dispute
          </Button>
        )}
      </div>
      {writing && (
        <StatementDialog
          open
          onClose={() => setWriting(false)}
          disputeId={dispute.id}
          text={mine.text}
          photos={mine.photos}
          title={first ? 'Give your side' : 'Change your side'}
        />
      )}
      <Dialog
        open={confirming}
        onClose={() => !withdraw.isPending && setConfirming(false)}
        title="Withdraw your dispute?"
        description={`Nothing will be decided and ${other.name} is told. You can’t open another dispute about this.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={withdraw.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={sayWithdrawn}
              isLoading={withdraw.isPending}
              disabled={offline}
              aria-describedby={inDialog.describedBy}
            >
              Withdraw
            </Button>
          </>
        }
      >
        {offline && <OfflineReason id={inDialog.describedBy} />}
      </Dialog>
    </div>
  );
}
