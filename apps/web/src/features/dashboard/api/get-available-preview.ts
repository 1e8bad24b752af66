import type { RequestListResponse } from '@campusrun/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_LIST_SIZE, dashboardKeys, dashboardQuery } from './keys';

/** GET /dayscholar/requests/available?limit (newest first) → { requests, nextCursor }. */
export const getAvailablePreview = (signal?: AbortSignal) =>
  api
    .get<RequestListResponse>('/dayscholar/requests/available', {
      signal,
      params: { limit: DASHBOARD_LIST_SIZE, sort: 'newest' },
    })
    .then((b) => b.requests);

export const availablePreviewQuery = () =>
  dashboardQuery(dashboardKeys.availableRequests(), getAvailablePreview);

export const useAvailablePreview = () => useQuery(availablePreviewQuery());
