import { REQUEST_SORTS, type RequestSort } from '@campusrun/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AvailableFilters } from '../api/keys';

export const DEFAULT_REQUEST_SORT: RequestSort = 'newest';

const fee = (value: string | null) => {
  const text = value?.trim() ?? '';
  return text !== '' && Number.isFinite(Number(text)) && Number(text) >= 0 ? text : '';
};

/** URL query → filters; unknown values are ignored (an old or hand-edited link still works). */
export function availableFiltersFromParams(params: URLSearchParams): AvailableFilters {
  const sort = params.get('sort');
  return {
    search: params.get('search')?.trim() ?? '',
    location: params.get('location')?.trim() ?? '',
    minFee: fee(params.get('minFee')),
    maxFee: fee(params.get('maxFee')),
    sort: (REQUEST_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as RequestSort)
      : DEFAULT_REQUEST_SORT,
  };
}

/** The browse filters, kept in the URL query (a reload keeps them). */
export function useAvailableFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => availableFiltersFromParams(params), [params]);

  const setFilters = useCallback(
    (patch: Partial<AvailableFilters>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            const text = String(value).trim();
            if (text === '' || (key === 'sort' && text === DEFAULT_REQUEST_SORT)) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(
    () => setFilters({ search: '', location: '', minFee: '', maxFee: '' }),
    [setFilters],
  );
  const hasFilters = Boolean(filters.search || filters.location || filters.minFee || filters.maxFee);
  return { filters, setFilters, clearFilters, hasFilters };
}
