import type { CreateReportBody } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import * as endpoints from './endpoints/reports';

/** POST /reports → { report } (201 new, 200 the reporter's report already open on it). */
const sendReport = (body: CreateReportBody) => endpoints.create({ body });

export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}
