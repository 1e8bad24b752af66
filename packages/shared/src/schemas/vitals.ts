import { z } from 'zod';
import { VITALS_LIMITS } from '../messages/vitals';

const { max } = VITALS_LIMITS;

/**
 * One measurement within the range a browser can honestly report: the timings in milliseconds, CLS
 * as a layout shift score (two shapes, so the OpenAPI document states each bound).
 */
const vitalSchema = z.union([
  z.object({ name: z.enum(['LCP', 'INP', 'TTFB']), value: z.number().min(0).max(max.LCP) }),
  z.object({ name: z.literal('CLS'), value: z.number().min(0).max(max.CLS) }),
]);

/**
 * What one page load reports (POST /api/vitals): the screen it was measured on, as the route pattern
 * (`/requests/:id`, never the address itself), and 1 to 8 measurements.
 */
export const vitalsReportSchema = z.object({
  screen: z
    .string()
    .regex(VITALS_LIMITS.screenPattern, 'screen must be a route pattern such as /requests/:id'),
  metrics: z.array(vitalSchema).min(1).max(VITALS_LIMITS.perReport),
});
export type VitalsReport = z.infer<typeof vitalsReportSchema>;
