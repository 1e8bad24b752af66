/**
 * The speed measurements real page loads report (POST /api/vitals, docs/perf/real-users.md): the
 * Core Web Vitals a browser measures, in its own units (milliseconds; CLS has none).
 */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const VITALS_LIMITS = {
  /** The largest value each measurement may report: ms for the timings, a layout shift score for CLS. */
  max: { LCP: 120_000, INP: 120_000, TTFB: 120_000, CLS: 10 } as Readonly<Record<VitalName, number>>,
  /** Measurements in one report. */
  perReport: 8,
  /** The screen's label: a route pattern such as `/requests/:id`. */
  screenPattern: /^\/[A-Za-z0-9/:_-]{0,80}$/,
  /** Bytes of one report's body. */
  bodyBytes: 2048,
} as const;
