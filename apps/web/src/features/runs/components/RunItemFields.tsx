import { REQUEST_CATEGORIES, REQUEST_LABELS, REQUEST_LIMITS, type User } from '@campusrun/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, TextField } from '@/components/ui/Field';
import { Select, Textarea } from '@/components/ui/Input';

/** A participant's item as the form holds it (text, as typed). */
export interface RunItemValues {
  itemName: string;
  quantity: string;
  itemCost: string;
  description: string;
  deliveryLocation: string;
  category: (typeof REQUEST_CATEGORIES)[number];
}

export const ITEM_FIELDS = [
  'itemName',
  'quantity',
  'itemCost',
  'description',
  'deliveryLocation',
  'category',
] as const;

const CATEGORY_LABELS: Record<(typeof REQUEST_CATEGORIES)[number], string> = {
  groceries: 'Groceries',
  medicines: 'Medicines',
  stationery: 'Stationery',
  food: 'Food',
  other: 'Other',
};

/** Where the student's room is, from their profile ("Block A, room 101"), or ''. */
function profileLocation(user: Pick<User, 'hostelBlock' | 'roomNumber'> | null): string {
  const block = user?.hostelBlock?.trim();
  const room = user?.roomNumber?.trim();
  if (!block || !room) return '';
  return `${/^block\b/i.test(block) ? block : `Block ${block}`}, ${/^room\b/i.test(room) ? room : `room ${room}`}`;
}

export const emptyItem = (user: Pick<User, 'hostelBlock' | 'roomNumber'> | null): RunItemValues => ({
  itemName: '',
  quantity: '1',
  itemCost: '',
  description: '',
  deliveryLocation: profileLocation(user),
  category: 'other',
});

/** The item's fields (the same as a request's, without the fee: the run's fee is split). */
export function RunItemFields({
  field,
  errors,
}: {
  field: (name: keyof RunItemValues) => UseFormRegisterReturn;
  errors: Partial<Record<keyof RunItemValues, { message?: string }>> | undefined;
}) {
  return (
    <div className="space-y-5">
      <TextField
        label="Item name"
        maxLength={REQUEST_LIMITS.itemNameMax}
        placeholder="e.g. Bread"
        error={errors?.itemName?.message}
        {...field('itemName')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={REQUEST_LIMITS.quantityMax}
          step={1}
          error={errors?.quantity?.message}
          {...field('quantity')}
        />
        <TextField
          label={REQUEST_LABELS.itemCost}
          hint={errors?.itemCost ? undefined : REQUEST_LABELS.itemCostHint}
          type="number"
          inputMode="decimal"
          min={REQUEST_LIMITS.priceMin}
          step="any"
          error={errors?.itemCost?.message}
          {...field('itemCost')}
        />
      </div>
      <Field label="Description (optional)" error={errors?.description?.message}>
        {({ invalid, ...control }) => (
          <Textarea
            rows={2}
            maxLength={REQUEST_LIMITS.descriptionMax}
            invalid={invalid}
            {...control}
            {...field('description')}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Delivery location"
          maxLength={REQUEST_LIMITS.locationMax}
          placeholder="e.g. Block A, room 101"
          error={errors?.deliveryLocation?.message}
          {...field('deliveryLocation')}
        />
        <Field label="Category" error={errors?.category?.message}>
          {({ invalid, ...control }) => (
            <Select invalid={invalid} {...control} {...field('category')}>
              {REQUEST_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </div>
  );
}
