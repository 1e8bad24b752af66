import { z } from 'zod';
import { campusConfigSchema, errorResponseSchema } from '../schemas/common';
import { vitalsReportSchema } from '../schemas/vitals';
import { route } from './contract';

const tags = ['system'] as const;
const checkStatus = z.enum(['ok', 'failed']);

// Health (liveness), readiness, metrics, the campus settings the web app needs before anything else,
// and the speed real page loads measured.
export const health = route({
  method: 'GET',
  path: '/health',
  tags,
  response: { 200: z.object({ status: z.literal('ok') }) },
});
export const ready = route({
  method: 'GET',
  path: '/health/ready',
  tags,
  description:
    'Readiness: the database, and Redis and the bucket when configured, answer. 503 when one does not.',
  response: {
    200: z.object({ status: z.literal('ok'), checks: z.record(z.string(), checkStatus) }),
    503: z.object({ status: z.literal('unavailable'), checks: z.record(z.string(), checkStatus) }),
  },
});
export const metrics = route({
  method: 'GET',
  path: '/metrics',
  tags,
  description:
    'Prometheus text format. From loopback, or with Authorization: Bearer METRICS_TOKEN; 404 otherwise.',
  response: {
    200: {
      description: 'The metrics, in the Prometheus text format.',
      content: { 'text/plain': { schema: z.string() } },
    },
    401: errorResponseSchema.describe('A wrong METRICS_TOKEN.'),
    404: errorResponseSchema.describe('Not from loopback and no METRICS_TOKEN is set.'),
  },
});
export const config = route({ method: 'GET', path: '/config', tags, response: { 200: campusConfigSchema } });
export const vitals = route({
  method: 'POST',
  path: '/vitals',
  tags,
  description:
    'A sampled page load’s Core Web Vitals (docs/perf/real-users.md), sent by the browser as the page is hidden with navigator.sendBeacon: no sign-in, and a JSON body sent as text/plain is read as JSON too. At most 2 KB. Counted into GET /api/metrics by screen; beyond 600 a minute from one address, answered 204 and dropped.',
  body: vitalsReportSchema,
  browserOnly: true,
  response: { 204: { description: 'Counted, or dropped beyond the address’s budget.', content: {} } },
});
