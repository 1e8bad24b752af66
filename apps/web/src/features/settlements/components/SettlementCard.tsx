import type { Settlement } from '@campusrun/shared';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Skeleton } from '@/components/ui/Skeleton';
import { formatDate, formatRupees } from '@/lib/format';
import { DisputeTimeline } from './DisputeTimeline';
import { breakdownLine, outcomeLine, owesLine, thingLabel, thingPath } from './parties';
import { SettlementActions } from './SettlementActions';
import { MoneyRows, hasMoneyRows } from './TipPicker';
import { SettlementStateBadge } from './SettlementStateBadge';

/** The element of a settlement's card on Money, which the page scrolls to and focuses after a move. */
export const settlementCardId = (id: string) => `settlement-card-${id}`;

/**
 * One settlement in the Money lists: who owes whom, for what (a link), how much, its state (and how
 * its last dispute ended), the actions, its disputes in order.
 */
export function SettlementCard({
  settlement,
  viewerId,
}: {
  settlement: Settlement;
  viewerId: string | undefined;
}) {
  const other = settlement.payer.id === viewerId ? settlement.payee : settlement.payer;
  const to = thingPath(settlement);
  const headingId = `settlement-${settlement.id}`;
  const outcome = outcomeLine(settlement, viewerId);
  return (
    <li
      id={settlementCardId(settlement.id)}
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 focus:outline-2 focus:outline-offset-2 focus:outline-indigo-600"
    >
      <div className="flex items-start gap-3">
        <Avatar id={other.id} name={other.name} src={other.avatar} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id={headingId} className="text-base font-medium break-words text-slate-900">
              {owesLine(settlement, viewerId)}
            </h3>
            <SettlementStateBadge state={settlement.state} />
          </div>
          <p className="mt-1 text-sm break-words text-slate-600">
            {to ? (
              <Link
                to={to}
                className="inline-flex min-h-11 items-center text-indigo-700 underline sm:min-h-0"
              >
                {thingLabel(settlement)}
              </Link>
            ) : (
              thingLabel(settlement)
            )}
          </p>
          {hasMoneyRows(settlement) ? (
            <MoneyRows settlement={settlement} />
          ) : (
            <p className="text-sm break-words text-slate-700">
              {breakdownLine(settlement) ?? `Price ${formatRupees(settlement.amount)}`}
            </p>
          )}
          {outcome && <p className="text-sm font-medium break-words text-slate-900">{outcome.text}</p>}
          <p className="text-xs text-slate-500">
            Since {formatDate(settlement.createdAt)}
            {settlement.settledAutomatically && ' · settled automatically'}
          </p>
        </div>
      </div>
      <div className="mt-3">
        <SettlementActions settlement={settlement} />
      </div>
      <DisputeTimeline settlement={settlement} viewerId={viewerId} level={4} />
    </li>
  );
}

export function SettlementCardSkeletons() {
  return (
    <ul aria-hidden="true" className="space-y-3" data-testid="settlement-skeletons">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}
