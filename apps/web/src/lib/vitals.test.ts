import { routes as contract } from '@campusrun/shared';
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MetricType } from 'web-vitals';
import { createRoutes } from '@/app/router';
import { routePatterns } from '@/app/route-preload';
import { campusConfigQuery } from './campus-config';
import { VITALS_PATH, screenOf, startVitals } from './vitals';

type Report = (metric: MetricType) => void;
const reporters = vi.hoisted(() => new Map<string, (metric: { value: number }) => void>());
vi.mock('web-vitals', () => {
  const on = (name: string) =>
    vi.fn((report: (metric: { value: number }) => void) => void reporters.set(name, report));
  return { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onTTFB: on('TTFB') };
});

/** What web-vitals would report for `name` (only the value is read). */
const measure = (name: string, value: number) => (reporters.get(name) as Report)({ value } as MetricType);

const ROUTES: RouteObject[] = [
  {
    children: [
      { index: true },
      { path: '/requests/:id' },
      { path: '/marketplace', children: [{ index: true }, { path: 'saved' }] },
      { path: '*' },
    ],
  },
];

describe('screenOf', () => {
  it('labels a path with the route pattern that draws it, never with its ids', () => {
    expect(screenOf(ROUTES, '/requests/8d0f6c1e-1d4b-4f4e-9d7a-2b6a6f0c9e11')).toBe('/requests/:id');
    expect(screenOf(ROUTES, '/marketplace')).toBe('/marketplace');
    expect(screenOf(ROUTES, '/marketplace/saved')).toBe('/marketplace/saved');
    expect(screenOf(ROUTES, '/')).toBe('/');
    // The not-found screen is not labelled (and not reported).
    expect(screenOf(ROUTES, '/no/such/screen')).toBeNull();
  });

  it('labels every screen of the app with its own pattern', () => {
    const routes = createRoutes();
    for (const pattern of routePatterns(routes)) {
      const path = pattern.replace(/:\w+/g, '2b6a6f0c-9e11-4f4e-9d7a-8d0f6c1e1d4b');
      expect(screenOf(routes, path), path).toBe(pattern);
    }
  });

  it('sends to the route of the contract', () => {
    expect(VITALS_PATH).toBe(contract.system.vitals.path);
  });
});

describe('startVitals', () => {
  const beacons: { url: string; body: unknown }[] = [];
  let visibility: DocumentVisibilityState = 'visible';

  function start(rate: number | undefined) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(campusConfigQuery.queryKey, {
      campusName: 'Example University',
      emailDomain: 'example.edu',
      googleEnabled: false,
      supportEmail: 'help@example.edu',
      ...(rate === undefined ? {} : { vitalsSampleRate: rate }),
    });
    startVitals(ROUTES, queryClient);
  }
  const hide = () => {
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const measuring = () => vi.waitFor(() => expect(reporters.size).toBe(4));

  beforeEach(() => {
    reporters.clear();
    beacons.length = 0;
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: vi.fn((url: string, body: string) => {
        beacons.push({ url, body: JSON.parse(body) });
        return true;
      }),
    });
    window.history.replaceState(null, '', '/requests/8d0f6c1e-1d4b-4f4e-9d7a-2b6a6f0c9e11');
  });
  afterEach(() => {
    // Whatever a test left listening sends now, before the next test counts beacons.
    window.dispatchEvent(new Event('pagehide'));
    vi.restoreAllMocks();
  });

  it('sends the page load’s measurements once, when the page is hidden, labelled by screen', async () => {
    start(1);
    await measuring();
    measure('TTFB', 180);
    measure('LCP', 1200);
    measure('LCP', 1900); // a later, larger candidate replaces the first
    measure('CLS', 0.02);
    // The student moves to the marketplace; the slow interaction and the shift happen there.
    window.history.pushState(null, '', '/marketplace');
    measure('INP', 240);
    measure('CLS', 0.08);
    expect(beacons).toEqual([]);

    hide();
    expect(beacons).toEqual([
      {
        url: 'http://localhost:3000/api/vitals',
        body: {
          screen: '/requests/:id',
          metrics: [
            { name: 'TTFB', value: 180 },
            { name: 'LCP', value: 1900 },
          ],
        },
      },
      {
        url: 'http://localhost:3000/api/vitals',
        body: {
          screen: '/marketplace',
          metrics: [
            { name: 'CLS', value: 0.08 },
            { name: 'INP', value: 240 },
          ],
        },
      },
    ]);
    // Once per page load: coming back and leaving again sends nothing more.
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    measure('INP', 400);
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(2);
  });

  it('sends on pagehide too; leaves out what the server would refuse and screens no route answers', async () => {
    window.history.replaceState(null, '', '/nowhere');
    start(1);
    await measuring();
    measure('LCP', 900); // the not-found screen: not reported
    window.history.pushState(null, '', '/marketplace/saved');
    measure('CLS', 0.01);
    measure('INP', 500_000); // beyond any honest value
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons.map((b) => b.body)).toEqual([
      { screen: '/marketplace/saved', metrics: [{ name: 'CLS', value: 0.01 }] },
    ]);
  });

  it('loads nothing on page loads outside the sample', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.7);
    start(0.5);
    start(0);
    start(undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(reporters.size).toBe(0);
    random.mockReturnValue(0.3);
    start(0.5);
    await measuring();
  });
});
