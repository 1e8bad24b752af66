import type { AppNotification } from '@campusrun/shared';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './NotificationsPopover';

const notice = (type: AppNotification['type'], data: AppNotification['data']): AppNotification => ({
  id: '9d0c0000-0000-4000-8000-000000000001',
  type,
  message: 'Something happened',
  isRead: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  data,
});

describe('notificationTarget', () => {
  it("opens a moderator's queue at the case: disputes, or the open reports", () => {
    expect(notificationTarget(notice('moderation', { settlementId: 's1' }))).toBe('/moderation?tab=disputes');
    expect(notificationTarget(notice('moderation', { reportId: 'r1' }))).toBe('/moderation');
    // An owner's notice that a moderator removed their listing opens nothing.
    expect(notificationTarget(notice('moderation', {}))).toBeNull();
  });

  it("opens a followed seller's new listing, or their profile for several at once", () => {
    expect(notificationTarget(notice('product', { productId: 'p1', sellerId: 'u1' }))).toBe('/products/p1');
    expect(notificationTarget(notice('product', { sellerId: 'u1' }))).toBe('/users/u1');
  });

  it("opens a saved search's one new match, or the search itself for several", () => {
    expect(
      notificationTarget(notice('search', { savedSearchId: 's1', searchKind: 'products', productId: 'p1' })),
    ).toBe('/products/p1');
    expect(
      notificationTarget(notice('search', { savedSearchId: 's1', searchKind: 'requests', requestId: 'q1' })),
    ).toBe('/requests/q1');
    // Several matches within the hour, grouped: the search, which opens its list filtered.
    expect(notificationTarget(notice('search', { savedSearchId: 's1', searchKind: 'products' }))).toBe(
      '/searches/s1',
    );
    expect(notificationTarget(notice('search', {}))).toBe('/searches');
  });

  it('opens the lost and found post a match, claim or return notice is about', () => {
    expect(notificationTarget(notice('lost_found', { lostFoundPostId: 'l1' }))).toBe('/lost-found/l1');
    expect(notificationTarget(notice('lost_found', {}))).toBeNull();
  });

  it('opens the trip or the shared run a notification is about', () => {
    expect(notificationTarget(notice('trip', { tripId: 't1' }))).toBe('/trips/t1');
    expect(notificationTarget(notice('run', { runId: 'r1' }))).toBe('/runs/r1');
  });

  it('opens the request of a trip or run notice that names one and no trip or run', () => {
    expect(notificationTarget(notice('trip', { requestId: 'q1' }))).toBe('/requests/q1');
    expect(notificationTarget(notice('run', { requestId: 'q2' }))).toBe('/requests/q2');
  });

  it('opens the request or product a settlement or dispute notice is about, else the Money screen', () => {
    expect(notificationTarget(notice('settlement', { settlementId: 's1', requestId: 'q1' }))).toBe(
      '/requests/q1',
    );
    expect(notificationTarget(notice('dispute', { settlementId: 's1', productId: 'p1' }))).toBe(
      '/products/p1',
    );
    expect(notificationTarget(notice('settlement', { settlementId: 's1' }))).toBe('/money');
    expect(notificationTarget(notice('dispute', {}))).toBe('/money');
  });
});
