import {
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_CONDITION_LABELS,
  type ProductSearchFilters,
  type RequestSearchFilters,
  SAVED_SEARCH_LIMITS,
  type SavedSearch,
} from '@campusrun/shared';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import type { AvailableFilters, ProductFilters } from '@/api/cache';

/** What a saved search looks through, and its filters as the server keeps them. */
export type SearchToSave =
  { kind: 'products'; filters: ProductSearchFilters } | { kind: 'requests'; filters: RequestSearchFilters };

const text = (value: string) => value.trim() || undefined;
const amount = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The marketplace's filters (from its address) as a search to save. */
export const productSearch = (f: ProductFilters): SearchToSave => ({
  kind: 'products',
  filters: {
    search: text(f.search),
    category: f.category || undefined,
    condition: f.condition || undefined,
    minPrice: amount(f.minPrice),
    maxPrice: amount(f.maxPrice),
    sort: f.sort,
  },
});

/** Browse requests' filters (from its address) as a search to save. */
export const requestSearch = (f: AvailableFilters): SearchToSave => ({
  kind: 'requests',
  filters: {
    search: text(f.search),
    location: text(f.location),
    pickupFrom: text(f.pickupFrom),
    minFee: amount(f.minFee),
    maxFee: amount(f.maxFee),
    sort: f.sort,
  },
});

/** Whether a search narrows anything: words or a filter (the sort only orders). The server refuses one that does not. */
export function narrowsSearch({ filters }: SearchToSave): boolean {
  const { sort: _sort, ...rest } = filters;
  return Object.values(rest).some((value) => value !== undefined && value !== '');
}

/** "under ₹3,000", "₹1,000–₹3,000", "from ₹500", or '' without either end. */
function amountRange(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined)
    return min === max ? formatRupees(min) : `${formatRupees(min)}–${formatRupees(max)}`;
  if (max !== undefined) return `under ${formatRupees(max)}`;
  if (min !== undefined) return `from ${formatRupees(min)}`;
  return '';
}

function productName(f: ProductSearchFilters): string {
  const category = f.category && PRODUCT_CATEGORY_LABELS[f.category];
  // "cycles" in Cycles says it once.
  const inCategory = category && f.search?.toLowerCase() !== category.toLowerCase() ? ` in ${category}` : '';
  const subject = f.search ? `${f.search}${inCategory}` : category || 'Products';
  const condition = f.condition ? ` (${PRODUCT_CONDITION_LABELS[f.condition].toLowerCase()})` : '';
  const price = amountRange(f.minPrice, f.maxPrice);
  return `${subject}${condition}${price ? ` ${price}` : ''}`;
}

function requestName(f: RequestSearchFilters): string {
  const fee = amountRange(f.minFee, f.maxFee);
  return [
    f.search || 'Requests',
    f.location ? ` to ${f.location}` : '',
    f.pickupFrom ? ` from ${f.pickupFrom}` : '',
    fee ? `, fee ${fee}` : '',
  ].join('');
}

/**
 * A readable name for a search, to start the Save dialog with: "cycles under ₹3,000", "Books (like
 * new)", "milk to Block A, fee from ₹20". Cut to the longest name the server keeps.
 */
export function defaultSearchName(search: SearchToSave): string {
  const name = (search.kind === 'products' ? productName(search.filters) : requestName(search.filters))
    .replace(/\s+/g, ' ')
    .trim();
  const max = SAVED_SEARCH_LIMITS.nameMax;
  if (name.length <= max) return name;
  // Cut at the end of a word (unless that would leave little), with room for the ellipsis.
  const cut = name.slice(0, max - 1);
  const wordEnd = name[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(wordEnd > max / 2 ? cut.slice(0, wordEnd) : cut).trimEnd()}…`;
}

/** One line of what a saved search looks for, whatever its name: “cycles” · Sports · under ₹3,000. */
export function searchSummary(search: SearchToSave): string {
  const parts =
    search.kind === 'products'
      ? [
          search.filters.search && `“${search.filters.search}”`,
          search.filters.category && PRODUCT_CATEGORY_LABELS[search.filters.category],
          search.filters.condition && PRODUCT_CONDITION_LABELS[search.filters.condition],
          amountRange(search.filters.minPrice, search.filters.maxPrice),
        ]
      : [
          search.filters.search && `“${search.filters.search}”`,
          search.filters.location && `to ${search.filters.location}`,
          search.filters.pickupFrom && `from ${search.filters.pickupFrom}`,
          amountRange(search.filters.minFee, search.filters.maxFee) &&
            `fee ${amountRange(search.filters.minFee, search.filters.maxFee)}`,
        ];
  return parts.filter(Boolean).join(' · ') || 'Everything';
}

/** What a saved search looks through, in the words of the menu. */
export const SEARCH_KIND_LABELS: Record<SavedSearch['kind'], string> = {
  products: 'Marketplace',
  requests: 'Requests',
};

/** The sort each list shows without one in its address (left out, as the lists leave it out). */
const DEFAULT_SORTS: Record<SavedSearch['kind'], string> = { products: 'recent', requests: 'newest' };

/**
 * The list a saved search opens, with its filters in the address as that list reads them
 * (the marketplace, or Browse requests).
 */
export function searchHref(search: SearchToSave): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search.filters)) {
    if (value === undefined || value === '') continue;
    if (key === 'sort' && value === DEFAULT_SORTS[search.kind]) continue;
    params.set(key, String(value));
  }
  const list = search.kind === 'products' ? paths.marketplace : paths.dayscholar.browseRequests;
  const query = params.toString();
  return query ? `${list}?${query}` : list;
}
