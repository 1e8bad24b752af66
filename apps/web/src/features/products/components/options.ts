import {
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_CONDITIONS,
  PRODUCT_CONDITION_LABELS,
  type ProductCategory,
  type ProductCondition,
} from '@campusrun/shared';

/**
 * One canonical set of categories and conditions (packages/shared) in both product forms and the
 * marketplace filter, with the shared labels ('like new' = Like New; the edit form's 'used' = Good).
 */
export const ALL_CATEGORIES: readonly ProductCategory[] = PRODUCT_CATEGORIES;
export const CONDITIONS: readonly ProductCondition[] = PRODUCT_CONDITIONS;

export const categoryLabel = (value: ProductCategory) => PRODUCT_CATEGORY_LABELS[value] ?? value;
export const conditionLabel = (value: ProductCondition) => PRODUCT_CONDITION_LABELS[value] ?? value;

export const SORT_LABELS = {
  recent: 'Most recent',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
} as const;

/** The load failures of the marketplace screens (docs/product.md#screen-states). */
export const LOAD_PRODUCT_FAILED = 'Failed to load product details';
export const LOAD_PRODUCTS_FAILED = 'Failed to load products';
