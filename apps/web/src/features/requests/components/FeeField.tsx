import {
  REQUEST_FEE_SUGGESTIONS,
  REQUEST_LABELS,
  REQUEST_LIMITS,
  REQUEST_TOTAL_WORDS,
  amountBreakdown,
} from '@campusrun/shared';
import type { UseFormRegister } from 'react-hook-form';
import { Chip } from '@/components/ui/Chip';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { formatRupees } from '@/lib/format';
import type { PaymentPreview, RequestFormValues } from './request-form';

/**
 * The delivery fee in rupees (the ₹ before the digits), with the usual campus fees one tap away
 * (`REQUEST_FEE_SUGGESTIONS`).
 */
export function FeeField({
  register,
  error,
  value,
  onSuggest,
}: {
  register: UseFormRegister<RequestFormValues>;
  error: string | undefined;
  value: string;
  onSuggest: (fee: string) => void;
}) {
  return (
    <div className="space-y-2">
      <Field label={REQUEST_LABELS.fee} error={error}>
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
              type="number"
              inputMode="decimal"
              min={REQUEST_LIMITS.priceMin}
              step="any"
              className="pl-7"
              {...register('expectedPrice')}
            />
          </div>
        )}
      </Field>
      <ul aria-label="Suggested fees" className="flex flex-wrap gap-2">
        {REQUEST_FEE_SUGGESTIONS.map((fee) => (
          <li key={fee}>
            <Chip pressed={Number(value) === fee} onClick={() => onSuggest(String(fee))}>
              {formatRupees(fee)}
            </Chip>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the requester pays in all, as the fee and the item estimate are typed: "You pay about ₹210 in
 * all" and the breakdown under it, in the words the settlement uses later; the fee alone when there is
 * no estimate; nothing until the fee is an amount the form would take.
 */
export function PaymentTotal({ preview }: { preview: PaymentPreview | null }) {
  if (!preview) return null;
  const fee = formatRupees(preview.fee);
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200 sm:col-span-2">
      {preview.items === null ? (
        <p className="text-slate-700">{REQUEST_TOTAL_WORDS.feeOnly(fee)}</p>
      ) : (
        <>
          <p className="font-medium text-slate-900">
            {REQUEST_TOTAL_WORDS.withItems(formatRupees(preview.total))}
          </p>
          <p className="mt-0.5 break-words text-slate-600">
            {amountBreakdown({
              items: formatRupees(preview.items),
              itemsFrom: 'estimate',
              fee,
              total: formatRupees(preview.total),
            })}
          </p>
        </>
      )}
    </div>
  );
}
