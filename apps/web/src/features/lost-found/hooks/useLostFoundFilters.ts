import {
  LOST_FOUND_KINDS,
  PRODUCT_CATEGORIES,
  type LostFoundKind,
  type ProductCategory,
} from '@campusrun/shared';
import { useCallback } from 'react';
import { useUrlFilters } from '@/lib/url-filters';
import type { LostFoundFilters } from '@/api/lost-found';

const oneOf = <T extends string>(values: readonly T[], value: string): T | '' =>
  (values as readonly string[]).includes(value) ? (value as T) : '';

/** URL query → filters; an unknown kind or category is ignored (an old or hand-edited link still works). */
function filtersFromParams(params: URLSearchParams): LostFoundFilters {
  return {
    kind: oneOf<LostFoundKind>(LOST_FOUND_KINDS, params.get('kind')?.toLowerCase() ?? ''),
    search: params.get('search')?.trim() ?? '',
    category: oneOf<ProductCategory>(PRODUCT_CATEGORIES, params.get('category')?.toLowerCase() ?? ''),
  };
}

const DEFAULTS: Partial<LostFoundFilters> = {};

/** The board's kind (lost or found), words and category, kept in the URL query. */
export function useLostFoundFilters() {
  const { filters, setFilters } = useUrlFilters(filtersFromParams, DEFAULTS);
  const clearFilters = useCallback(() => setFilters({ kind: '', search: '', category: '' }), [setFilters]);
  return {
    filters,
    setFilters,
    clearFilters,
    hasFilters: Boolean(filters.kind || filters.search || filters.category),
  };
}
