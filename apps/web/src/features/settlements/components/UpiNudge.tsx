import { PROFILE_ANCHORS, SETTLEMENT_MESSAGES, type Settlement, type UserRef } from '@campusrun/shared';
import { Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { payersWord } from './parties';

/** Where the member adds their UPI ID: the Me tab, its profile form open at that field. */
const UPI_FIELD = `${paths.profile}#${PROFILE_ANCHORS.upiId}`;

/**
 * The payers of the settlements owed to `viewerId` that a UPI ID would let them pay in one tap: a
 * debt not yet marked paid (or a sale about to become one).
 */
export function payersWaitingOnUpi(settlements: readonly Settlement[], viewerId: string): UserRef[] {
  return settlements
    .filter((s) => s.payee.id === viewerId && (s.state === 'open' || s.state === 'proposed'))
    .map((s) => s.payer);
}

/**
 * To a member owed money who has no UPI ID: "Add your UPI ID so Ravi can pay you in one tap.", with
 * the way to add it. Gone as soon as their profile has one.
 */
export function UpiNudge({ payers, className }: { payers: readonly UserRef[]; className?: string }) {
  const { user } = useAuth();
  if (!user || user.upiId || payers.length === 0) return null;
  return (
    <div
      className={`flex flex-col gap-3 rounded-lg bg-indigo-50 p-3 ring-1 ring-indigo-200 ring-inset sm:flex-row sm:items-center ${className ?? ''}`}
    >
      <p className="flex min-w-0 flex-1 gap-2 text-sm text-slate-800">
        <Smartphone className="mt-0.5 size-4 shrink-0 text-indigo-700" aria-hidden="true" />
        <span className="min-w-0 wrap-anywhere">{SETTLEMENT_MESSAGES.addUpiId(payersWord(payers))}</span>
      </p>
      <Link
        to={UPI_FIELD}
        className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}
      >
        Add UPI ID
      </Link>
    </div>
  );
}
