import type { CampusConfig } from '@campusrun/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import * as endpoints from '@/api/endpoints/system';

export const CAMPUS_CONFIG_KEY = 'campus-config';

/** GET /api/config, loaded once per visit. */
export const campusConfigQuery = queryOptions({
  queryKey: [CAMPUS_CONFIG_KEY],
  queryFn: ({ signal }) => endpoints.config({ signal }),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 1,
});

export function useCampusConfig() {
  return useQuery(campusConfigQuery);
}

/**
 * The settings the server wrote into the page (`<script type="application/json" id="campus-config">`)
 * become the query's data, so the first render already has them. A page without them (the dev
 * server) asks GET /api/config as before.
 */
export function seedCampusConfig(queryClient: QueryClient, doc: Document = document): void {
  const text = doc.getElementById('campus-config')?.textContent;
  if (!text) return;
  try {
    const value: unknown = JSON.parse(text);
    if (isCampusConfig(value)) queryClient.setQueryData(campusConfigQuery.queryKey, value);
  } catch {
    /* not JSON (an unfilled placeholder): ask the API */
  }
}

// A plain check rather than the shared zod schema: this runs in the entry, which zod stays out of.
function isCampusConfig(value: unknown): value is CampusConfig {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.campusName === 'string' &&
    typeof v.emailDomain === 'string' &&
    typeof v.supportEmail === 'string' &&
    typeof v.googleEnabled === 'boolean'
  );
}
