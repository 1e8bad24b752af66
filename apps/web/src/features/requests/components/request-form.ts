import {
  type CreateRequestBody,
  type RequestCategory,
  type User,
  createRequestSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { profileLocation } from '@/components/requests/profile-location';
import { localDeadlineField } from './deadline-input';

/** The create-request form's values, as typed. */
export interface RequestFormValues {
  itemName: string;
  expectedPrice: string;
  deadline: string;
  deliveryLocation: string;
  description: string;
  quantity: string;
  isUrgent: boolean;
  handoverCode: boolean;
  category: RequestCategory;
  itemCost: string;
  pickupFrom: string;
}

/** The shared schema, with the browser's local deadline turned into ISO first (keeps the key order). */
export const requestResolver = zodResolver(
  createRequestSchema.extend({ deadline: localDeadlineField }),
) as unknown as Resolver<RequestFormValues, unknown, CreateRequestBody>;

/** Checked in this order; each error shows under its field and the first one takes the focus. */
export const FIELD_ORDER = [
  'itemName',
  'expectedPrice',
  'deadline',
  'deliveryLocation',
  'description',
  'quantity',
  'category',
  'itemCost',
  'pickupFrom',
] as const;

/** A new request: one of the item, due when picked, delivered to the student's room. */
export const emptyRequest = (user: Pick<User, 'hostelBlock' | 'roomNumber'> | null): RequestFormValues => ({
  itemName: '',
  expectedPrice: '',
  deadline: '',
  deliveryLocation: profileLocation(user),
  description: '',
  quantity: '1',
  isUrgent: false,
  handoverCode: true,
  category: 'other',
  itemCost: '',
  pickupFrom: '',
});

/** What a request comes to for its requester, in rupees: the fee, the item estimate when given, and both. */
export interface PaymentPreview {
  fee: number;
  items: number | null;
  total: number;
}

/**
 * The running total of the form as typed: null while the fee is not an amount the form would take
 * (by the same rules as the fee's and the item cost's checks), the fee alone while the item estimate
 * is blank or not a valid amount.
 */
export function paymentPreview(fee: string, itemCost: string): PaymentPreview | null {
  const checkedFee = createRequestSchema.shape.expectedPrice.safeParse(fee);
  if (!checkedFee.success) return null;
  const checkedItems = createRequestSchema.shape.itemCost.safeParse(itemCost);
  const items = checkedItems.success && checkedItems.data !== undefined ? checkedItems.data : null;
  // In paise, so ₹0.10 + ₹0.20 is ₹0.30.
  const total = (Math.round(checkedFee.data * 100) + Math.round((items ?? 0) * 100)) / 100;
  return { fee: checkedFee.data, items, total };
}
