import { TIP_WORDS, type SettlementKind } from '@campusrun/shared';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatDateTime, formatRupees } from '@/lib/format';
import { useSettlementFor } from '@/api/settlements';
import { DisputeTimeline } from './DisputeTimeline';
import { breakdownLine, outcomeLine, owesLine, stateLine } from './parties';
import { SettlementActions } from './SettlementActions';
import { MoneyRows, hasMoneyRows } from './TipPicker';
import { UpiNudge, payersWaitingOnUpi } from './UpiNudge';
import { UpiQrCode } from './UpiQrCode';
import { payable } from './tip';

/**
 * Settling up for one completed request or one sale, on its page: who owes whom, the state (said
 * again when it changes; after a dispute, how it ended) and the viewer's actions; for a payer whose
 * payee has a UPI ID, a Pay button that opens their UPI app and a QR code to pay from another phone;
 * for a payee without one, that adding it lets the payer pay in one tap; its disputes, in order. Nothing for anyone who is not one of the two.
 */
export function SettleCard({ kind, targetId }: { kind: SettlementKind; targetId: string }) {
  const { user } = useAuth();
  const query = useSettlementFor(kind, targetId);
  if (query.isPending)
    return (
      <div
        aria-hidden="true"
        className="mt-6 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-700">Failed to load who owes whom.</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void query.refetch()}
          isLoading={query.isRefetching}
        >
          Retry
        </Button>
      </div>
    );
  const settlement = query.data;
  if (!settlement) return null;
  const amount = formatRupees(payable(settlement));
  // The payer's QR code: of the whole payment, or of a tip added after marking it paid.
  const tipDue = settlement.can.tip ? settlement.tipDue : null;
  const qr = settlement.can.pay ? settlement.upiUri : (tipDue?.upiUri ?? null);
  const parts = breakdownLine(settlement);
  const outcome = outcomeLine(settlement, user?.id);

  return (
    <section
      aria-labelledby="settle-heading"
      className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="settle-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Wallet className="size-5 text-indigo-600" aria-hidden="true" />
        Settle up
      </h2>
      <p className="mt-2 text-xl font-semibold text-slate-900">{owesLine(settlement, user?.id)}</p>
      {parts && !hasMoneyRows(settlement) && <p className="mt-1 text-sm text-slate-700">{parts}</p>}
      <MoneyRows settlement={settlement} />
      <p role="status" className="mt-1 text-sm text-slate-600">
        {outcome && <span className="font-medium text-slate-900">{outcome.text}</span>}
        {outcome && !outcome.replacesState && ' · '}
        {!outcome?.replacesState && (
          <>
            {stateLine(settlement, user?.id)}
            {settlement.state === 'paid' &&
              settlement.method &&
              ` (${settlement.method === 'upi' ? 'UPI' : 'cash'})`}
            {settlement.state === 'settled' &&
              settlement.settledAt &&
              ` on ${formatDateTime(settlement.settledAt)}`}
            {settlement.state === 'disputed' && '. A moderator will decide.'}
            {settlement.settledAutomatically &&
              '. Settled automatically: it was marked paid and never answered for 7 days.'}
          </>
        )}
      </p>
      <div className="mt-4">
        <SettlementActions settlement={settlement} />
      </div>
      {user && <UpiNudge payers={payersWaitingOnUpi([settlement], user.id)} className="mt-4" />}
      {qr && (
        <figure className="mt-4 flex flex-col items-center gap-2 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
          <UpiQrCode
            text={qr}
            label={
              settlement.can.pay || !tipDue
                ? `QR code to pay ${amount} by UPI`
                : TIP_WORDS.dueQr(formatRupees(tipDue.amount))
            }
            className="size-48 rounded-md"
          />
          <figcaption className="text-center text-sm text-slate-600">
            Paying from another phone? Scan this with any UPI app.
          </figcaption>
        </figure>
      )}
      <DisputeTimeline settlement={settlement} viewerId={user?.id} />
      <p className="mt-4 text-sm">
        <Link to={paths.money} className="inline-flex min-h-11 items-center text-indigo-700 underline">
          All money owed
        </Link>
      </p>
    </section>
  );
}
