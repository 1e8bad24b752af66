import type { VitalName, VitalsReport } from '@campusrun/shared';
import type { AppContext } from '../../lib/app-context';
import type { Metrics } from '../../lib/metrics';
import type { Limiter } from '../../lib/rate-limit';
import { bindUseCases } from '../../lib/use-cases';

/**
 * Reports one address may send a minute, counted apart from the API's limits: hundreds of students
 * share one campus address, and each sampled page load sends one or two.
 */
const REPORTS_PER_ADDRESS = { points: 600, duration: 60 } as const;

/** Distinct screens this process keeps as labels; a report of any other screen counts under OTHER_SCREEN. */
export const MAX_SCREENS = 64;
export const OTHER_SCREEN = 'other';

/**
 * One histogram per measurement, in seconds (the timings arrive in ms) or unitless (CLS), with bucket
 * bounds at the targets (LCP 2.5 s, INP 200 ms, CLS 0.05 and 0.1, TTFB 0.8 s) and at Google's "poor"
 * lines (4 s, 500 ms, 0.25, 1.8 s), so a p75 read from them is exact where it matters.
 */
const HISTOGRAMS: Record<VitalName, { name: string; help: string; buckets: number[]; scale: number }> = {
  LCP: {
    name: 'web_vitals_lcp_seconds',
    help: 'Largest Contentful Paint of sampled page loads, by screen (seconds; good: 2.5 or less)',
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
    scale: 1 / 1000,
  },
  INP: {
    name: 'web_vitals_inp_seconds',
    help: 'Interaction to Next Paint of sampled page loads, by screen (seconds; good: 0.2 or less)',
    buckets: [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2],
    scale: 1 / 1000,
  },
  TTFB: {
    name: 'web_vitals_ttfb_seconds',
    help: 'Time to First Byte of sampled page loads, by screen (seconds; good: 0.8 or less)',
    buckets: [0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.8, 2.5, 5, 10],
    scale: 1 / 1000,
  },
  CLS: {
    name: 'web_vitals_cls',
    help: 'Cumulative Layout Shift of sampled page loads, by screen (unitless; target 0.05, good: 0.1 or less)',
    buckets: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1],
    scale: 1,
  },
};

type Observe = (screen: string, value: number) => void;

/** What the speed reports need: the metrics' histograms, handed in by the composition root. */
export interface VitalsPorts {
  metrics: Pick<Metrics, 'addHistogram'>;
}

interface Deps {
  budget: Limiter;
  /** The screens labelled so far (at most MAX_SCREENS). */
  screens: Set<string>;
  observe: Record<VitalName, Observe>;
}

/** The label of `screen`: itself while fewer than MAX_SCREENS are known (or it is one), else OTHER_SCREEN. */
function screenLabel(screens: Set<string>, screen: string): string {
  if (screens.has(screen)) return screen;
  if (screens.size >= MAX_SCREENS) return OTHER_SCREEN;
  screens.add(screen);
  return screen;
}

/**
 * Counts one page load's report under its screen; beyond the address's budget it is dropped (the
 * browser never learns: its beacon is not retried, and there is nothing to show). Answers whether it
 * was counted.
 */
async function record(deps: Deps, address: string, report: VitalsReport): Promise<boolean> {
  if (!(await deps.budget.tryConsume(address))) return false;
  const screen = screenLabel(deps.screens, report.screen);
  for (const { name, value } of report.metrics) deps.observe[name](screen, value * HISTOGRAMS[name].scale);
  return true;
}

export function createVitalsService(ctx: Pick<AppContext, 'limiter'>, ports: VitalsPorts) {
  const observe = Object.fromEntries(
    Object.entries(HISTOGRAMS).map(([vital, { name, help, buckets }]) => [
      vital,
      ports.metrics.addHistogram({ name, help, buckets, label: 'screen' }),
    ]),
  ) as Record<VitalName, Observe>;
  const deps: Deps = { budget: ctx.limiter('web-vitals', REPORTS_PER_ADDRESS), screens: new Set(), observe };
  return bindUseCases(deps, { record });
}
export type VitalsService = ReturnType<typeof createVitalsService>;
