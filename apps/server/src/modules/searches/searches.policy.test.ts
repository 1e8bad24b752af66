import { describe, expect, it } from 'vitest';
import { saveRefusal } from './searches.policy';

describe('saveRefusal', () => {
  it('lets any member save a marketplace search that narrows something', () => {
    for (const role of ['hosteller', 'dayscholar'] as const) {
      expect(saveRefusal(role, { kind: 'products', filters: { sort: 'recent', maxPrice: 500 } })).toBeNull();
      expect(saveRefusal(role, { kind: 'products', filters: { sort: 'recent', search: 'lamp' } })).toBeNull();
    }
  });

  it('refuses a search that only sorts (it would match every new post)', () => {
    expect(saveRefusal('dayscholar', { kind: 'products', filters: { sort: 'price-low' } })).toBe(
      'emptyFilters',
    );
    expect(saveRefusal('dayscholar', { kind: 'requests', filters: { sort: 'newest', search: '' } })).toBe(
      'emptyFilters',
    );
  });

  it('keeps searches of requests to day scholars, who deliver them', () => {
    const search = { kind: 'requests' as const, filters: { sort: 'newest' as const, location: 'Block C' } };
    expect(saveRefusal('dayscholar', search)).toBeNull();
    expect(saveRefusal('hosteller', search)).toBe('requestsForDayScholars');
    expect(saveRefusal(null, search)).toBe('requestsForDayScholars');
  });
});
