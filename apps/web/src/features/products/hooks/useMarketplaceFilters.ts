import {
  PRODUCT_CATEGORIES,
  PRODUCT_CONDITIONS,
  PRODUCT_SORTS,
  type ProductCategory,
  type ProductCondition,
  type ProductSort,
  normalizeProductCondition,
} from '@campusrun/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductFilters } from '../api/keys';

const DEFAULT_SORT: ProductSort = 'recent';

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** URL query → filters; unknown values are ignored (an old or hand-edited link still works). */
export function filtersFromParams(params: URLSearchParams): ProductFilters {
  return {
    search: params.get('search')?.trim() ?? '',
    category: oneOf<ProductCategory>(PRODUCT_CATEGORIES, params.get('category')?.toLowerCase()) ?? '',
    // 'used' and 'like new' (the spec's other vocabulary) read as their canonical condition.
    condition:
      oneOf<ProductCondition>(PRODUCT_CONDITIONS, normalizeProductCondition(params.get('condition') ?? '')) ??
      '',
    sort: oneOf<ProductSort>(PRODUCT_SORTS, params.get('sort')?.toLowerCase()) ?? DEFAULT_SORT,
  };
}

/** The marketplace filters, kept in the URL query (a reload or a shared link keeps them). */
export function useMarketplaceFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const setFilters = useCallback(
    (patch: Partial<ProductFilters>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            const isDefault = value === '' || (key === 'sort' && value === DEFAULT_SORT);
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(
    () => setFilters({ search: '', category: '', condition: '' }),
    [setFilters],
  );

  const hasFilters = Boolean(filters.search || filters.category || filters.condition);
  return { filters, setFilters, clearFilters, hasFilters };
}
