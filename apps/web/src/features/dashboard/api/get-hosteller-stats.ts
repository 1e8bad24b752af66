import type { HostellerStats } from '@campusrun/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, dashboardQuery } from './keys';

/** GET /hosteller/stats → { stats }. */
export const getHostellerStats = (signal?: AbortSignal) =>
  api.get<{ stats: HostellerStats }>('/hosteller/stats', { signal }).then((b) => b.stats);

export const hostellerStatsQuery = () => dashboardQuery(dashboardKeys.hostellerStats(), getHostellerStats);

export const useHostellerStats = () => useQuery(hostellerStatsQuery());
