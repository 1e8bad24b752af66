import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { clearOfflineCache, keepOfflineCache, restoreOfflineCache } from './offline-cache';
import { sessionStore } from './session';

const request = { id: 'r1', itemName: 'Milk', handoverCode: '4821' };

describe('the data kept on the device', () => {
  let stops: Array<() => void> = [];
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    sessionStore.clear();
    clearOfflineCache();
    vi.useRealTimers();
  });

  /** The app on a phone: a query client keeping its member's data. */
  function openApp() {
    const client = new QueryClient();
    restoreOfflineCache(client);
    stops.push(keepOfflineCache(client));
    return client;
  }

  it('shows the member their own requests, handover code included, when the app is opened again', () => {
    sessionStore.set('token', hosteller);
    const before = openApp();
    before.setQueryData(['requests', 'detail', 'r1'], { request });
    before.setQueryData(['products', 'list', {}], { products: [{ id: 'p1' }] });
    before.setQueryData(['moderation', 'reports', 'open'], [{ id: 'x' }]);
    vi.advanceTimersByTime(2_000);

    const after = openApp();
    expect(after.getQueryData(['requests', 'detail', 'r1'])).toEqual({ request });
    // Shown at once, and asked for again when a screen uses it (a closed app missed the live events).
    expect(after.getQueryState(['requests', 'detail', 'r1'])?.isInvalidated).toBe(true);
    // Public lists and other people's screens are not kept.
    expect(after.getQueryData(['products', 'list', {}])).toBeUndefined();
    expect(after.getQueryData(['moderation', 'reports', 'open'])).toBeUndefined();
  });

  it('keeps nothing of a member once they sign out, and shows nothing of them to the next one', () => {
    sessionStore.set('token', hosteller);
    const first = openApp();
    first.setQueryData(['requests', 'detail', 'r1'], { request });
    vi.advanceTimersByTime(2_000);
    expect(localStorage.getItem('campusrun.offline')).toContain('4821');

    sessionStore.clear();
    expect(localStorage.getItem('campusrun.offline')).toBeNull();

    // Even a copy left behind is never shown to another member.
    sessionStore.set('token', hosteller);
    first.setQueryData(['requests', 'detail', 'r1'], { request: { ...request } });
    vi.advanceTimersByTime(2_000);
    sessionStore.set('token-2', dayscholar);
    expect(openApp().getQueryData(['requests', 'detail', 'r1'])).toBeUndefined();
  });

  it('does not overwrite newer data with what was kept', () => {
    sessionStore.set('token', hosteller);
    const before = openApp();
    before.setQueryData(['requests', 'detail', 'r1'], { request });
    vi.advanceTimersByTime(2_000);

    vi.advanceTimersByTime(60_000);
    const after = new QueryClient();
    after.setQueryData(['requests', 'detail', 'r1'], { request: { ...request, handoverCode: '9999' } });
    restoreOfflineCache(after);
    expect(after.getQueryData(['requests', 'detail', 'r1'])).toEqual({
      request: { ...request, handoverCode: '9999' },
    });
    expect(after.getQueryState(['requests', 'detail', 'r1'])?.isInvalidated).toBe(false);
  });

  it('ignores a copy older than a week', () => {
    sessionStore.set('token', hosteller);
    openApp().setQueryData(['requests', 'detail', 'r1'], { request });
    vi.advanceTimersByTime(2_000);
    vi.setSystemTime(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(openApp().getQueryData(['requests', 'detail', 'r1'])).toBeUndefined();
  });

  it('keeps what the page arrived with (a screen drawn by the server), not only later changes', () => {
    sessionStore.set('token', hosteller);
    const drawn = new QueryClient();
    drawn.setQueryData(['requests', 'detail', 'r1'], { request });
    stops.push(keepOfflineCache(drawn));
    vi.advanceTimersByTime(2_000);
    expect(openApp().getQueryData(['requests', 'detail', 'r1'])).toEqual({ request });
  });
});
