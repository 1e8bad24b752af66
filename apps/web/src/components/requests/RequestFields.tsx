import { REQUEST_CATEGORIES, REQUEST_LABELS, REQUEST_LIMITS } from '@campusrun/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, TextField } from '@/components/ui/Field';
import { Select, Textarea } from '@/components/ui/Input';
import { CATEGORY_LABELS } from './labels';

/**
 * The fields of an item asked for, as a request and a shared run's item both have them: each takes
 * its registration (`{...register('itemName')}`) and its error, with the same label and limits
 * everywhere.
 */
type FieldProps = UseFormRegisterReturn & { error: string | undefined };

export function ItemNameField({ placeholder, ...props }: FieldProps & { placeholder: string }) {
  return (
    <TextField
      label="Item name"
      maxLength={REQUEST_LIMITS.itemNameMax}
      placeholder={placeholder}
      {...props}
    />
  );
}

export function DescriptionField({ error, rows, ...field }: FieldProps & { rows: number }) {
  return (
    <Field label="Description (optional)" error={error}>
      {({ invalid, ...control }) => (
        <Textarea
          rows={rows}
          maxLength={REQUEST_LIMITS.descriptionMax}
          invalid={invalid}
          {...control}
          {...field}
        />
      )}
    </Field>
  );
}

export function QuantityField(props: FieldProps) {
  return (
    <TextField
      label="Quantity"
      type="number"
      inputMode="numeric"
      min={1}
      max={REQUEST_LIMITS.quantityMax}
      step={1}
      {...props}
    />
  );
}

/** The estimated cost of the goods (optional), its hint until it has an error. */
export function ItemCostField({ error, ...field }: FieldProps) {
  return (
    <TextField
      label={REQUEST_LABELS.itemCost}
      hint={error ? undefined : REQUEST_LABELS.itemCostHint}
      type="number"
      inputMode="decimal"
      min={REQUEST_LIMITS.priceMin}
      step="any"
      error={error}
      {...field}
    />
  );
}

export function DeliveryLocationField(props: FieldProps) {
  return (
    <TextField
      label="Delivery location"
      maxLength={REQUEST_LIMITS.locationMax}
      placeholder="e.g. Block A, room 101"
      {...props}
    />
  );
}

export function CategoryField({ error, ...field }: FieldProps) {
  return (
    <Field label="Category" error={error}>
      {({ invalid, ...control }) => (
        <Select invalid={invalid} {...control} {...field}>
          {REQUEST_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
