import type { DayScholarStats } from '@campusrun/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, dashboardQuery } from './keys';

/** GET /dayscholar/stats → { stats }. */
export const getDayScholarStats = (signal?: AbortSignal) =>
  api.get<{ stats: DayScholarStats }>('/dayscholar/stats', { signal }).then((b) => b.stats);

export const dayScholarStatsQuery = () => dashboardQuery(dashboardKeys.dayScholarStats(), getDayScholarStats);

export const useDayScholarStats = () => useQuery(dayScholarStatsQuery());
