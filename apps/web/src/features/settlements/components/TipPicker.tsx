import { SETTLEMENT_LIMITS, SETTLEMENT_MESSAGES, TIP_WORDS, type Settlement } from '@campusrun/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Chip } from '@/components/ui/Chip';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { SETTLEMENT_TOAST, useSetTip } from '@/api/settlements';
import { firstName } from './parties';
import { paidTip, parseTip, payable, pickedTip } from './tip';

/** Whether the settlement's money is said in rows (a delivery with a tip, or whose payer may add one). */
export const hasMoneyRows = (settlement: Settlement) =>
  settlement.kind === 'request' &&
  settlement.breakdown !== null &&
  (settlement.tip > 0 || settlement.can.tip);

/**
 * What a delivery's money is made of, a row each: the fee, the items (by the receipt or the
 * estimate), the payer's tip, and the total with it. Only for a delivery with a tip, or whose payer
 * may add one.
 */
export function MoneyRows({ settlement }: { settlement: Settlement }) {
  const parts = settlement.breakdown;
  if (!parts || !hasMoneyRows(settlement)) return null;
  const row = (label: string, value: string, strong = false) => (
    <div className="flex justify-between gap-3">
      <dt className={strong ? 'font-medium text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : 'text-slate-900'}>{value}</dd>
    </div>
  );
  return (
    <dl className="mt-2 max-w-sm space-y-1 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      {row(TIP_WORDS.fee, formatRupees(parts.fee))}
      {parts.items !== null && row(TIP_WORDS.items(parts.itemsFrom ?? 'estimate'), formatRupees(parts.items))}
      {settlement.amount !== parts.total && row(TIP_WORDS.afterDispute, formatRupees(settlement.amount))}
      {row(TIP_WORDS.tip, formatRupees(settlement.tip))}
      {row(TIP_WORDS.total, formatRupees(payable(settlement)), true)}
    </dl>
  );
}

/**
 * The payer's tip on a delivery, while it is open or paid: ₹10, ₹20 and ₹50 one tap away (pressed
 * again, the tip goes), or any whole amount up to ₹500. Each is saved at once; the UPI link then asks
 * for it on top of what is owed. Once marked paid, it never goes below the tip that payment covered
 * (those picks are off), and what is added is paid apart. Off offline, like every money button.
 */
export function TipPicker({
  settlement,
  offline,
  describedBy,
  disabled,
}: {
  settlement: Settlement;
  offline: boolean;
  describedBy: string | undefined;
  disabled: boolean;
}) {
  const setTip = useSetTip();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Which of the two sent the tip being saved: the spinner goes on Set tip only for the field's.
  const [fromField, setFromField] = useState(false);
  const off = disabled || offline || setTip.isPending;
  const current = settlement.tip;
  const paid = settlement.state === 'paid';
  const floor = paidTip(settlement);

  const save = (tip: number, after?: () => void) =>
    setTip.mutate(
      { id: settlement.id, tip },
      {
        onSuccess: (changed) => {
          setError(undefined);
          after?.();
          toast.success(
            changed.tip === 0
              ? SETTLEMENT_MESSAGES.tipRemoved
              : SETTLEMENT_MESSAGES.tipSaved(formatRupees(changed.tip)),
            SETTLEMENT_TOAST,
          );
        },
        onError: (failure) => {
          const refused = failure instanceof ApiError ? failure.errors?.[0]?.msg : undefined;
          if (refused) setError(refused);
          else toast.error(errorMessage(failure, TIP_WORDS.failed), SETTLEMENT_TOAST);
        },
      },
    );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseTip(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    if (parsed.tip < floor) {
      setError(SETTLEMENT_MESSAGES.tipAlreadyPaid);
      return;
    }
    setFromField(true);
    save(parsed.tip, () => setText(''));
  };

  return (
    <fieldset className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-medium text-slate-900">
        {TIP_WORDS.legend(firstName(settlement.payee.name))}
      </legend>
      <p className="text-sm text-slate-600">
        {paid
          ? TIP_WORDS.paidHint(floor > 0 ? formatRupees(floor) : null)
          : TIP_WORDS.hint(current > 0 ? formatRupees(current) : null)}
      </p>
      <div className="flex flex-wrap gap-2">
        {SETTLEMENT_LIMITS.tipQuickPicks.map((pick) => (
          <Chip
            key={pick}
            pressed={current === pick}
            disabled={off || pickedTip(current, pick) < floor}
            aria-describedby={describedBy}
            onClick={() => {
              setFromField(false);
              save(pickedTip(current, pick));
            }}
          >
            {TIP_WORDS.quickPick(formatRupees(pick))}
          </Chip>
        ))}
      </div>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <Field label={TIP_WORDS.other} error={error} className="w-40">
          {({ invalid, ...control }) => (
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-base text-slate-500 sm:text-sm"
              >
                ₹
              </span>
              <Input
                {...control}
                invalid={invalid}
                inputMode="numeric"
                autoComplete="off"
                placeholder={String(current || '')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                className="pl-7"
              />
            </div>
          )}
        </Field>
        <Button
          type="submit"
          variant="secondary"
          isLoading={setTip.isPending && fromField}
          disabled={off}
          aria-describedby={describedBy}
        >
          {TIP_WORDS.set}
        </Button>
      </form>
    </fieldset>
  );
}
