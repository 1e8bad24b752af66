import type { RequestListResponse } from '@campusrun/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_LIST_SIZE, dashboardKeys, dashboardQuery } from './keys';

/** GET /hosteller/requests/recent?limit → { requests }. */
export const getRecentRequests = (signal?: AbortSignal) =>
  api
    .get<{ requests: RequestListResponse['requests'] }>('/hosteller/requests/recent', {
      signal,
      params: { limit: DASHBOARD_LIST_SIZE },
    })
    .then((b) => b.requests);

export const recentRequestsQuery = () => dashboardQuery(dashboardKeys.recentRequests(), getRecentRequests);

export const useRecentRequests = () => useQuery(recentRequestsQuery());
