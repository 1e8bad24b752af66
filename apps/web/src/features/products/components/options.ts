import {
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_CONDITIONS,
  PRODUCT_CONDITION_LABELS,
  type ProductCategory,
  type ProductCondition,
} from '@campusrun/shared';

/**
 * The spec's two vocabularies (§3) map onto one canonical set (packages/shared): the sell form offers
 * its six categories, the edit form and the marketplace filter all nine; every condition choice is
 * the canonical five with the shared labels ('like new' = Like New; the edit form's 'used' = Good).
 */
export const SELL_CATEGORIES: readonly ProductCategory[] = [
  'books',
  'electronics',
  'clothing',
  'furniture',
  'food',
  'other',
];
export const ALL_CATEGORIES: readonly ProductCategory[] = PRODUCT_CATEGORIES;
export const CONDITIONS: readonly ProductCondition[] = PRODUCT_CONDITIONS;

export const categoryLabel = (value: ProductCategory) => PRODUCT_CATEGORY_LABELS[value] ?? value;
export const conditionLabel = (value: ProductCondition) => PRODUCT_CONDITION_LABELS[value] ?? value;

export const SORT_LABELS = {
  recent: 'Most recent',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
} as const;

/** Spec §8 texts of the marketplace screens. */
export const LOAD_PRODUCT_FAILED = 'Failed to load product details';
export const LOAD_PRODUCTS_FAILED = 'Failed to load products';
