import { SAVED_SEARCH_LIMITS } from '@campusrun/shared';
import { describe, expect, it } from 'vitest';
import {
  type SearchToSave,
  defaultSearchName,
  narrowsSearch,
  productSearch,
  requestSearch,
  searchHref,
  searchSummary,
} from './search-filters';

const products = (
  filters: Partial<Extract<SearchToSave, { kind: 'products' }>['filters']>,
): SearchToSave => ({
  kind: 'products',
  filters: { sort: 'recent', ...filters },
});
const requests = (
  filters: Partial<Extract<SearchToSave, { kind: 'requests' }>['filters']>,
): SearchToSave => ({
  kind: 'requests',
  filters: { sort: 'newest', ...filters },
});

describe('defaultSearchName', () => {
  it('names a marketplace search by its words, category, condition and price range', () => {
    expect(defaultSearchName(products({ search: 'cycles', maxPrice: 3000 }))).toBe('cycles under ₹3,000');
    expect(defaultSearchName(products({ search: 'cycles', minPrice: 1000, maxPrice: 3000 }))).toBe(
      'cycles ₹1,000–₹3,000',
    );
    expect(defaultSearchName(products({ category: 'books', minPrice: 500 }))).toBe('Books from ₹500');
    expect(defaultSearchName(products({ search: 'lamp', category: 'decor', condition: 'like-new' }))).toBe(
      'lamp in Decor (like new)',
    );
    expect(defaultSearchName(products({ search: 'Cycles', category: 'cycles' }))).toBe('Cycles');
    expect(defaultSearchName(products({ minPrice: 200, maxPrice: 200 }))).toBe('Products ₹200');
    expect(defaultSearchName(products({ condition: 'new' }))).toBe('Products (new)');
  });

  it('names a search of requests by its words, places and fee range', () => {
    expect(defaultSearchName(requests({ search: 'milk', location: 'Block A', minFee: 20 }))).toBe(
      'milk to Block A, fee from ₹20',
    );
    expect(defaultSearchName(requests({ pickupFrom: 'Katpadi market', minFee: 20, maxFee: 50 }))).toBe(
      'Requests from Katpadi market, fee ₹20–₹50',
    );
    expect(defaultSearchName(requests({ maxFee: 40 }))).toBe('Requests, fee under ₹40');
  });

  it('keeps within the longest name the server takes, cut at a word end with an ellipsis', () => {
    const name = defaultSearchName(
      products({ search: 'a very long search for a second hand road bicycle with gears', maxPrice: 9000 }),
    );
    expect(name).toBe('a very long search for a second hand road bicycle with…');
    expect(name.length).toBeLessThanOrEqual(SAVED_SEARCH_LIMITS.nameMax);
    // One long word: cut where the limit falls.
    const word = defaultSearchName(products({ search: 'x'.repeat(100) }));
    expect(word).toBe(`${'x'.repeat(SAVED_SEARCH_LIMITS.nameMax - 1)}…`);
  });
});

describe('searchSummary', () => {
  it('says in one line what a search looks for, its sort aside', () => {
    expect(
      searchSummary(
        products({
          search: 'cycles',
          category: 'cycles',
          condition: 'good',
          maxPrice: 3000,
          sort: 'price-low',
        }),
      ),
    ).toBe('“cycles” · Cycles · Good · under ₹3,000');
    expect(searchSummary(requests({ search: 'bread', location: 'Block C', minFee: 10, maxFee: 30 }))).toBe(
      '“bread” · to Block C · fee ₹10–₹30',
    );
  });
});

describe('the page filters as a search to save', () => {
  it('leaves out what is empty and reads the amounts as numbers', () => {
    expect(
      productSearch({
        search: ' cycles ',
        category: '',
        condition: 'good',
        minPrice: '',
        maxPrice: '3000',
        sort: 'recent',
      }),
    ).toEqual({
      kind: 'products',
      filters: {
        search: 'cycles',
        category: undefined,
        condition: 'good',
        minPrice: undefined,
        maxPrice: 3000,
        sort: 'recent',
      },
    });
    expect(
      requestSearch({
        search: '',
        location: 'Block A',
        pickupFrom: '',
        minFee: '0',
        maxFee: '',
        sort: 'newest',
      }).filters,
    ).toEqual({
      search: undefined,
      location: 'Block A',
      pickupFrom: undefined,
      minFee: 0,
      maxFee: undefined,
      sort: 'newest',
    });
  });

  it('narrows only with words or a filter: a sort alone does not', () => {
    expect(narrowsSearch(products({ sort: 'price-low' }))).toBe(false);
    expect(narrowsSearch(products({ search: 'kettle' }))).toBe(true);
    expect(narrowsSearch(requests({ minFee: 0 }))).toBe(true);
    expect(narrowsSearch(requests({}))).toBe(false);
  });
});

/** An address as its path and its query's values. */
const parts = (href: string) => {
  const url = new URL(href, 'http://campus.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};

describe('searchHref', () => {
  it('opens the marketplace or Browse requests with the filters in the address, default sort left out', () => {
    expect(parts(searchHref(products({ search: 'road bike', category: 'cycles', maxPrice: 3000 })))).toEqual({
      path: '/marketplace',
      query: { search: 'road bike', category: 'cycles', maxPrice: '3000' },
    });
    expect(parts(searchHref(products({ condition: 'like-new', minPrice: 0, sort: 'price-low' })))).toEqual({
      path: '/marketplace',
      query: { condition: 'like-new', minPrice: '0', sort: 'price-low' },
    });
    expect(parts(searchHref(requests({ location: 'Block A', minFee: 20, sort: 'highestFee' })))).toEqual({
      path: '/dayscholar/browse-requests',
      query: { location: 'Block A', minFee: '20', sort: 'highestFee' },
    });
    expect(searchHref(requests({ pickupFrom: 'Gate 2' }))).toBe(
      '/dayscholar/browse-requests?pickupFrom=Gate+2',
    );
  });
});
