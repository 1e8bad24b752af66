import type { Settlement } from '@campusrun/shared';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { OfflineReason, useOfflineReason, type OfflineHold } from '@/components/OfflineReason';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useSettlements } from '@/api/settlements';
import { owesLine, stateWithOutcome, thingPath } from './parties';
import { RemindButton } from './RemindButton';

/** At most this many on Home; the rest are one tap away on Money. */
const SHOWN = 3;

/**
 * What the viewer does next about one settlement, as the button on its row says it: pay it, confirm
 * a sale said to be theirs or money said to be paid to them, or look at it.
 */
function nextStep(settlement: Settlement): 'Pay' | 'Confirm' | 'View' {
  if (settlement.can.pay) return 'Pay';
  if (settlement.can.confirm || (settlement.state === 'paid' && settlement.can.receive)) return 'Confirm';
  return 'View';
}

function DueRow({
  settlement,
  viewerId,
  hold,
}: {
  settlement: Settlement;
  viewerId: string | undefined;
  /** Remind is off while offline, its reason said once above the list. */
  hold: OfflineHold;
}) {
  const path = thingPath(settlement);
  const step = nextStep(settlement);
  const line = owesLine(settlement, viewerId);
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium wrap-anywhere text-slate-900">{line}</p>
        <p className="text-xs text-slate-600">{stateWithOutcome(settlement, viewerId)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center justify-end gap-2">
        {settlement.can.remind && (
          <RemindButton settlement={settlement} offline={hold.offline} describedBy={hold.describedBy} />
        )}
        {path && (
          <Link
            to={path}
            aria-label={`${step}: ${line}`}
            className={buttonClasses({ size: 'sm', variant: step === 'View' ? 'secondary' : 'primary' })}
          >
            {step}
          </Link>
        )}
      </div>
    </li>
  );
}

/**
 * Home's money: the viewer's open settlements (the newest three), each said from their side with
 * what they do next (Pay, Confirm), Remind where the viewer is owed money not yet paid, and Money one
 * tap away. Nothing when nothing is open; a failed load leaves it out (Money says why).
 */
export function DuesCard() {
  const { user } = useAuth();
  const query = useSettlements('open');
  const hold = useOfflineReason();
  const open = query.data?.pages[0]?.settlements ?? [];
  if (open.length === 0) return null;
  const shown = open.slice(0, SHOWN);
  return (
    <section
      aria-labelledby="dues-heading"
      className="mt-6 rounded-xl bg-white px-4 pt-4 pb-2 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="dues-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Wallet className="size-5 text-indigo-600" aria-hidden="true" />
          Money
        </h2>
        <Link
          to={paths.money}
          className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          All money owed
        </Link>
      </div>
      {shown.some((settlement) => settlement.can.remind) && (
        <OfflineReason id={hold.describedBy} className="mt-2" />
      )}
      <ul className="divide-y divide-slate-100">
        {shown.map((settlement) => (
          <DueRow key={settlement.id} settlement={settlement} viewerId={user?.id} hold={hold} />
        ))}
      </ul>
    </section>
  );
}
