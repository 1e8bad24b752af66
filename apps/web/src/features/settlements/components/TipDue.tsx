import { TIP_WORDS, type Settlement } from '@campusrun/shared';
import { Smartphone } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/Button';
import { formatRupees } from '@/lib/format';
import { firstName } from './parties';

/**
 * A tip the payer added after marking it paid, which that payment did not cover: to the payer, a
 * link that opens their UPI app for just that amount ("Pay the ₹30 tip"; in cash when the payee has
 * no UPI ID); to the payee, that their Received confirms it too. Nothing else: no reminder or
 * dispute is about a tip. Offline the link is a button that is off, like Pay.
 */
export function TipDue({
  settlement,
  offline,
  describedBy,
}: {
  settlement: Settlement;
  offline: boolean;
  describedBy: string | undefined;
}) {
  const due = settlement.tipDue;
  if (!due) return null;
  const amount = formatRupees(due.amount);
  const payee = firstName(settlement.payee.name);
  if (settlement.can.receive)
    return (
      <p className="text-sm text-slate-700">
        {TIP_WORDS.dueForPayee(firstName(settlement.payer.name), amount)}
      </p>
    );
  if (!settlement.can.tip) return null;
  if (!due.upiUri) return <p className="text-sm text-slate-600">{TIP_WORDS.dueCash(payee, amount)}</p>;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
      {offline ? (
        <Button disabled aria-describedby={describedBy}>
          <Smartphone className="size-4" aria-hidden="true" />
          {TIP_WORDS.payDue(amount)}
        </Button>
      ) : (
        <a href={due.upiUri} className={buttonClasses()}>
          <Smartphone className="size-4" aria-hidden="true" />
          {TIP_WORDS.payDue(amount)}
        </a>
      )}
      <p className="text-sm text-slate-600">{TIP_WORDS.dueHint(payee)}</p>
    </div>
  );
}
