import { createReportSchema, reportResponseSchema } from '../schemas/reports';
import { route } from './contract';

/** 201 with a new report, 200 with the reporter's report already open on the target. */
export const create = route({
  method: 'POST',
  path: '/reports',
  tags: ['reports'],
  body: createReportSchema,
  response: { 200: reportResponseSchema, 201: reportResponseSchema },
});
