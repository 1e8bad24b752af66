import type { DayScholarStats, HostellerStats, RecentProduct } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import type { Storage } from '../../lib/storage';
import type { RecentProductRow, dayScholarCounts, hostellerCounts } from './dashboard.repo';

export const presentHostellerStats = (c: Awaited<ReturnType<typeof hostellerCounts>>): HostellerStats => ({
  pendingRequests: c.requests.pending,
  acceptedRequests: c.requests.accepted,
  completedRequests: c.requests.completed,
  cancelledRequests: c.requests.cancelled,
  activeProducts: c.products.available,
  soldProducts: c.products.sold,
});

export const presentDayScholarStats = (c: Awaited<ReturnType<typeof dayScholarCounts>>): DayScholarStats => ({
  pendingDeliveries: c.deliveries.accepted,
  completedDeliveries: c.deliveries.completed,
  cancelledDeliveries: c.deliveries.cancelled,
  availableRequests: c.available,
  totalEarnings: toRupees(c.deliveries.earnings),
  totalTips: toRupees(c.deliveries.tips),
});

export const presentRecentProduct = (p: RecentProductRow, storage: Pick<Storage, 'url'>): RecentProduct => ({
  id: p.id,
  name: p.name,
  price: toRupees(p.price),
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  images: p.images.map((key) => storage.url(key)),
});
