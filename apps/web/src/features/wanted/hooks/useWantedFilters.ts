import { PRODUCT_CATEGORIES, type ProductCategory } from '@campusrun/shared';
import { useCallback } from 'react';
import { useUrlFilters } from '@/lib/url-filters';
import type { WantedFilters } from '@/api/cache';

/** URL query → filters; an unknown category is ignored (an old or hand-edited link still works). */
function filtersFromParams(params: URLSearchParams): WantedFilters {
  const category = params.get('category')?.toLowerCase() ?? '';
  return {
    search: params.get('search')?.trim() ?? '',
    category: (PRODUCT_CATEGORIES as readonly string[]).includes(category)
      ? (category as ProductCategory)
      : '',
  };
}

const DEFAULTS: Partial<WantedFilters> = {};

/** The Wanted tab's words and category, kept in the URL query beside `tab=wanted`. */
export function useWantedFilters() {
  const { filters, setFilters } = useUrlFilters(filtersFromParams, DEFAULTS);
  const clearFilters = useCallback(() => setFilters({ search: '', category: '' }), [setFilters]);
  return { filters, setFilters, clearFilters, hasFilters: Boolean(filters.search || filters.category) };
}
