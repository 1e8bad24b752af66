import { REQUEST_SORTS, type RequestSort } from '@campusrun/shared';
import { useCallback } from 'react';
import { useUrlFilters } from '@/lib/url-filters';
import type { AvailableFilters } from '@/api/cache';

const DEFAULT_REQUEST_SORT: RequestSort = 'newest';

const fee = (value: string | null) => {
  const text = value?.trim() ?? '';
  return text !== '' && Number.isFinite(Number(text)) && Number(text) >= 0 ? text : '';
};

/** URL query → filters; unknown values are ignored (an old or hand-edited link still works). */
function availableFiltersFromParams(params: URLSearchParams): AvailableFilters {
  const sort = params.get('sort');
  return {
    search: params.get('search')?.trim() ?? '',
    location: params.get('location')?.trim() ?? '',
    pickupFrom: params.get('pickupFrom')?.trim() ?? '',
    minFee: fee(params.get('minFee')),
    maxFee: fee(params.get('maxFee')),
    sort: (REQUEST_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as RequestSort)
      : DEFAULT_REQUEST_SORT,
  };
}

const DEFAULTS: Partial<AvailableFilters> = { sort: DEFAULT_REQUEST_SORT };

/** The browse filters, kept in the URL query (a reload keeps them). */
export function useAvailableFilters() {
  const { filters, setFilters } = useUrlFilters(availableFiltersFromParams, DEFAULTS);
  const clearFilters = useCallback(
    () => setFilters({ search: '', location: '', pickupFrom: '', minFee: '', maxFee: '' }),
    [setFilters],
  );
  const hasFilters = Boolean(
    filters.search || filters.location || filters.pickupFrom || filters.minFee || filters.maxFee,
  );
  return { filters, setFilters, clearFilters, hasFilters };
}
