import type { PushPreferences } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

export type PushConfig = { publicKey: string | null; preferences: PushPreferences };

/** GET /push/config: the server's VAPID key (null: pushes are off) and the user's choices. */
export const getPushConfig = (signal?: AbortSignal) => api.get<PushConfig>('/push/config', { signal });

export const pushConfigQuery = () =>
  queryOptions({ queryKey: profileKeys.pushConfig, queryFn: ({ signal }) => getPushConfig(signal) });

export function usePushConfig() {
  return useQuery(pushConfigQuery());
}
