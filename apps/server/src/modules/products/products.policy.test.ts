import type { ProductCan, ProductStatus } from '@campusrun/shared';
import { describe, expect, it } from 'vitest';
import { manageRefusal, productCan, productHidden, type ProductViewer } from './products.policy';

const SELLER = 'seller';
const viewers: Record<string, ProductViewer> = {
  seller: { id: SELLER, role: 'hosteller' },
  'other hosteller': { id: 'h2', role: 'hosteller' },
  'day scholar': { id: 'd1', role: 'dayscholar' },
  'no role yet': { id: 'g1', role: null },
  'blocked buyer': { id: 'b1', role: 'hosteller', blockedWithSeller: true },
};

type Action = keyof ProductCan;
const ALL: Action[] = ['edit', 'contact', 'markSold', 'delete', 'report', 'offer', 'save'];
const only = (allowed: Action[]) =>
  Object.fromEntries(ALL.map((a) => [a, allowed.includes(a)])) as ProductCan;

/** status × viewer → the actions `can` allows. */
const table: [ProductStatus, keyof typeof viewers, Action[]][] = [
  ['available', 'seller', ['edit', 'markSold', 'delete']],
  ['reserved', 'seller', ['edit', 'markSold', 'delete']],
  ['sold', 'seller', ['edit', 'delete']],
  ['available', 'other hosteller', ['contact', 'report', 'offer', 'save']],
  ['sold', 'other hosteller', ['contact', 'report', 'offer', 'save']],
  ['available', 'day scholar', ['contact', 'report', 'offer', 'save']],
  ['reserved', 'day scholar', ['contact', 'report', 'offer', 'save']],
  ['available', 'no role yet', ['contact', 'report', 'offer', 'save']],
  ['available', 'blocked buyer', ['report', 'save']],
];

describe('productCan: role × status × ownership', () => {
  it.each(table)('%s, seen by the %s: %j', (status, viewer, allowed) => {
    expect(productCan(viewers[viewer]!, { sellerId: SELLER, status })).toEqual(only(allowed));
  });

  it('edit and delete are exactly what the manage rule allows', () => {
    for (const [status, viewer] of table) {
      const can = productCan(viewers[viewer]!, { sellerId: SELLER, status });
      expect(can.edit).toBe(manageRefusal(viewers[viewer]!, { sellerId: SELLER }) === null);
      expect(can.delete).toBe(can.edit);
    }
  });

  it("hides a removed product from everyone, a suspended seller's product from all but moderators", () => {
    const shown = { moderation: 'visible', sellerSuspended: false };
    expect(productHidden({}, shown)).toBe(false);
    expect(productHidden({}, { ...shown, moderation: 'removed' })).toBe(true);
    expect(productHidden({ isModerator: true }, { ...shown, moderation: 'removed' })).toBe(true);
    expect(productHidden({}, { ...shown, sellerSuspended: true })).toBe(true);
    expect(productHidden({ isModerator: true }, { ...shown, sellerSuspended: true })).toBe(false);
  });

  it('a seller whose role is not hosteller manages nothing', () => {
    expect(productCan({ id: SELLER, role: 'dayscholar' }, { sellerId: SELLER, status: 'available' })).toEqual(
      only([]),
    );
  });
});
