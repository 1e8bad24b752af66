import type { RequestCategory, User } from '@campusrun/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { profileLocation } from '@/components/requests/profile-location';
import {
  CategoryField,
  DeliveryLocationField,
  DescriptionField,
  ItemCostField,
  ItemNameField,
  QuantityField,
} from '@/components/requests/RequestFields';

/** A participant's item as the form holds it (text, as typed). */
export interface RunItemValues {
  itemName: string;
  quantity: string;
  itemCost: string;
  description: string;
  deliveryLocation: string;
  category: RequestCategory;
}

export const ITEM_FIELDS = [
  'itemName',
  'quantity',
  'itemCost',
  'description',
  'deliveryLocation',
  'category',
] as const;

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
      <ItemNameField placeholder="e.g. Bread" error={errors?.itemName?.message} {...field('itemName')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <QuantityField error={errors?.quantity?.message} {...field('quantity')} />
        <ItemCostField error={errors?.itemCost?.message} {...field('itemCost')} />
      </div>
      <DescriptionField rows={2} error={errors?.description?.message} {...field('description')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <DeliveryLocationField error={errors?.deliveryLocation?.message} {...field('deliveryLocation')} />
        <CategoryField error={errors?.category?.message} {...field('category')} />
      </div>
    </div>
  );
}
