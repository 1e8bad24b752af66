import { VITALS_LIMITS, type VitalName } from '@campusrun/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, matchRoutes } from 'react-router';
import type * as webVitals from 'web-vitals';
import type { MetricType } from 'web-vitals';
import { afterFirstScreen } from './after-first-screen';
import { buildUrl } from './api-client';
import { campusConfigQuery } from './campus-config';

/** POST /api/vitals (`routes.system.vitals`): sent by the browser itself, so not in the generated client. */
export const VITALS_PATH = '/vitals';

/**
 * The route pattern that draws `pathname` (`/requests/:id`): the label a measurement is counted
 * under, never the address itself (no ids, nothing about the user). Null where no route answers (the
 * not-found screen), whose loads are not reported.
 */
export function screenOf(routes: RouteObject[], pathname: string): string | null {
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  let pattern = '/';
  for (const { route } of matches) {
    if (route.path === '*') return null;
    if (route.path)
      pattern = route.path.startsWith('/') ? route.path : `${pattern.replace(/\/$/, '')}/${route.path}`;
  }
  return VITALS_LIMITS.screenPattern.test(pattern) ? pattern : null;
}

/** A measurement's last value and the screen it belongs to. */
interface Measured {
  value: number;
  screen: string;
}

/** The measurements of one screen, as POST /api/vitals takes them. */
function reports(measured: ReadonlyMap<VitalName, Measured>) {
  const byScreen = new Map<string, { name: VitalName; value: number }[]>();
  for (const [name, { value, screen }] of measured) {
    // A value outside what the server takes (a clock gone wrong) is left out, not the whole report.
    if (!(value >= 0 && value <= VITALS_LIMITS.max[name])) continue;
    byScreen.set(screen, [...(byScreen.get(screen) ?? []), { name, value }]);
  }
  return [...byScreen].map(([screen, metrics]) => ({ screen, metrics }));
}

type WebVitals = Pick<typeof webVitals, 'onCLS' | 'onINP' | 'onLCP' | 'onTTFB'>;

/**
 * Follows this page load's LCP, INP, CLS and TTFB and sends them once, as the page is first hidden
 * (switching away, closing the tab, locking the phone): one beacon per screen, usually one. LCP and
 * TTFB belong to the screen the page was loaded on; CLS and INP to the screen on show when their
 * value last grew. The library's own listener on `window` (capture) reports the final values before
 * this one on `document` reads them.
 */
function collect(vitals: WebVitals, routes: RouteObject[], landing: string, win: Window) {
  const measured = new Map<VitalName, Measured>();
  const landingScreen = screenOf(routes, landing);
  const keep = (name: VitalName, screen: () => string | null) => (metric: MetricType) => {
    const label = screen();
    if (label) measured.set(name, { value: metric.value, screen: label });
  };
  const landed = () => landingScreen;
  // Matching the routes is work on a slow phone; values change often (every shift, every tap) and
  // the address seldom.
  let lastPath = landing;
  let lastScreen = landingScreen;
  const current = () => {
    const path = win.location.pathname;
    if (path !== lastPath) [lastPath, lastScreen] = [path, screenOf(routes, path)];
    return lastScreen;
  };
  const opts = { reportAllChanges: true };
  vitals.onLCP(keep('LCP', landed), opts);
  vitals.onTTFB(keep('TTFB', landed), opts);
  vitals.onCLS(keep('CLS', current), opts);
  vitals.onINP(keep('INP', current), opts);

  const send = (event: Event) => {
    if (event.type === 'visibilitychange' && win.document.visibilityState !== 'hidden') return;
    win.document.removeEventListener('visibilitychange', send);
    win.removeEventListener('pagehide', send);
    for (const report of reports(measured))
      win.navigator.sendBeacon(buildUrl(VITALS_PATH), JSON.stringify(report));
  };
  win.document.addEventListener('visibilitychange', send);
  win.addEventListener('pagehide', send);
}

/**
 * Real-user speed measurements (docs/perf/real-users.md). A share of page loads (the campus
 * settings' `vitalsSampleRate`, drawn once per load) loads the measuring library once the first
 * screen is out of the way and reports as the page is hidden; the others load nothing more.
 */
export function startVitals(routes: RouteObject[], queryClient: QueryClient, win: Window = window) {
  const landing = win.location.pathname;
  afterFirstScreen(
    () => {
      void queryClient
        .fetchQuery(campusConfigQuery)
        .then(async ({ vitalsSampleRate = 0 }) => {
          if (!(Math.random() < vitalsSampleRate)) return;
          collect(await import('web-vitals'), routes, landing, win);
        })
        .catch(() => {
          /* no settings, or the library did not load: this page load is not measured */
        });
    },
    undefined,
    win,
  );
}
