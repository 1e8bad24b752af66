import {
  PRODUCT_CATEGORIES,
  PRODUCT_LIMITS,
  PRODUCT_CONDITIONS,
  PRODUCT_SORTS,
  type ProductCategory,
  type ProductCondition,
  type ProductSort,
  normalizeProductCondition,
} from '@campusrun/shared';
import { useCallback } from 'react';
import { useUrlFilters } from '@/lib/url-filters';
import type { ProductFilters } from '@/api/cache';

const DEFAULT_SORT: ProductSort = 'recent';

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** A price in rupees the marketplace takes (0 to the highest price), or ''. */
const price = (value: string | null) => {
  const text = value?.trim() ?? '';
  const rupees = Number(text);
  return text !== '' && Number.isFinite(rupees) && rupees >= 0 && rupees <= PRODUCT_LIMITS.priceMax
    ? text
    : '';
};

/** URL query → filters; unknown values are ignored (an old or hand-edited link still works). */
function filtersFromParams(params: URLSearchParams): ProductFilters {
  return {
    search: params.get('search')?.trim() ?? '',
    category: oneOf<ProductCategory>(PRODUCT_CATEGORIES, params.get('category')?.toLowerCase()) ?? '',
    // 'used' and 'like new' (older words for conditions) read as their canonical condition.
    condition:
      oneOf<ProductCondition>(PRODUCT_CONDITIONS, normalizeProductCondition(params.get('condition') ?? '')) ??
      '',
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    sort: oneOf<ProductSort>(PRODUCT_SORTS, params.get('sort')?.toLowerCase()) ?? DEFAULT_SORT,
  };
}

const DEFAULTS: Partial<ProductFilters> = { sort: DEFAULT_SORT };

/** The marketplace filters, kept in the URL query (a reload or a shared link keeps them). */
export function useMarketplaceFilters() {
  const { filters, setFilters } = useUrlFilters(filtersFromParams, DEFAULTS);
  const clearFilters = useCallback(
    () => setFilters({ search: '', category: '', condition: '', minPrice: '', maxPrice: '' }),
    [setFilters],
  );
  const hasFilters = Boolean(
    filters.search || filters.category || filters.condition || filters.minPrice || filters.maxPrice,
  );
  return { filters, setFilters, clearFilters, hasFilters };
}
