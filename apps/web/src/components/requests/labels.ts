import type { RequestCategory } from '@campusrun/shared';

export const CATEGORY_LABELS: Record<RequestCategory, string> = {
  groceries: 'Groceries',
  medicines: 'Medicines',
  stationery: 'Stationery',
  food: 'Food',
  other: 'Other',
};
