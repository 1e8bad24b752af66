import type { ProductCategory } from '@campusrun/shared';
import { PRODUCT_LIMITS } from '@campusrun/shared';
import type { ReactNode } from 'react';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field, TextField } from '@/components/ui/Field';
import { Input, Select, Textarea } from '@/components/ui/Input';
import { CONDITIONS, categoryLabel, conditionLabel } from './options';

/** The text fields both product forms share, as the inputs hold them. */
export interface ProductFieldValues {
  name: string;
  description: string;
  price: string;
  category: string;
  condition: string;
  quantity: string;
  isNegotiable: boolean;
}

export const PRODUCT_FIELD_NAMES = [
  'name',
  'description',
  'price',
  'category',
  'condition',
  'quantity',
  'isNegotiable',
] as const;

/**
 * Name, description, price, category, condition, quantity and negotiable: in the order they are
 * checked. `priceGuide` goes right under the price (what similar items sold for).
 */
export function ProductFields<T extends ProductFieldValues>({
  register,
  errors,
  categories,
  priceGuide,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<ProductFieldValues>;
  categories: readonly ProductCategory[];
  priceGuide?: ReactNode;
}) {
  const reg = (name: keyof ProductFieldValues) => register(name as Path<T>);
  return (
    <>
      <TextField
        label="Product name"
        placeholder="e.g. Casio fx-991EX calculator"
        maxLength={PRODUCT_LIMITS.nameMax}
        autoComplete="off"
        error={errors.name?.message}
        {...reg('name')}
      />
      <Field
        label="Description"
        error={errors.description?.message}
        hint="Condition details, age, what is included."
      >
        {({ invalid, ...control }) => (
          <Textarea
            rows={4}
            maxLength={PRODUCT_LIMITS.descriptionMax}
            invalid={invalid}
            {...control}
            {...reg('description')}
          />
        )}
      </Field>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field label="Price (₹)" error={errors.price?.message}>
          {({ invalid, ...control }) => (
            <div>
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-500"
                >
                  ₹
                </span>
                <Input
                  type="text"
                  inputMode="decimal"
                  placeholder="500"
                  autoComplete="off"
                  invalid={invalid}
                  className="pl-7"
                  {...control}
                  {...reg('price')}
                />
              </div>
              {priceGuide}
            </div>
          )}
        </Field>
        <Field label="Category" error={errors.category?.message}>
          {({ invalid, ...control }) => (
            <Select invalid={invalid} {...control} {...reg('category')}>
              <option value="">Select a category</option>
              {categories.map((value) => (
                <option key={value} value={value}>
                  {categoryLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Condition" error={errors.condition?.message}>
          {({ invalid, ...control }) => (
            <Select invalid={invalid} {...control} {...reg('condition')}>
              {CONDITIONS.map((value) => (
                <option key={value} value={value}>
                  {conditionLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={PRODUCT_LIMITS.quantityMax}
          step={1}
          error={errors.quantity?.message}
          {...reg('quantity')}
        />
      </div>
      <Checkbox
        label="Price is negotiable"
        hint="Buyers may offer a different price in chat."
        error={errors.isNegotiable?.message}
        {...reg('isNegotiable')}
      />
    </>
  );
}
