import type { CampusConfig } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const CAMPUS_CONFIG_KEY = 'campus-config';

/** GET /api/config, loaded once per visit. */
export const campusConfigQuery = queryOptions({
  queryKey: [CAMPUS_CONFIG_KEY],
  queryFn: ({ signal }) => api.get<CampusConfig>('/config', { signal }),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 1,
});

export function useCampusConfig() {
  return useQuery(campusConfigQuery);
}
