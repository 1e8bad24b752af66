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
