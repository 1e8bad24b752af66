import type { ProductSearchFilters, RequestSearchFilters, Role } from '@campusrun/shared';

/**
 * Who may save which search. Pure: no I/O. Any member searches the marketplace; only day scholars
 * browse requests to deliver. A search with no words and no filter would match every new post.
 */

export type SaveRefusal = 'requestsForDayScholars' | 'emptyFilters';

export type SearchToSave =
  { kind: 'products'; filters: ProductSearchFilters } | { kind: 'requests'; filters: RequestSearchFilters };

/** The filters that narrow a search (the sort only orders it). */
function narrows(search: SearchToSave): boolean {
  const { sort: _sort, ...rest } = search.filters;
  return Object.values(rest).some((v) => v !== undefined && v !== '');
}

export function saveRefusal(role: Role | null, search: SearchToSave): SaveRefusal | null {
  if (search.kind === 'requests' && role !== 'dayscholar') return 'requestsForDayScholars';
  if (!narrows(search)) return 'emptyFilters';
  return null;
}
