import { z } from 'zod';
import { PRODUCT_STATUSES } from '../constants';

/** GET /hosteller/stats. */
export const hostellerStatsSchema = z.object({
  pendingRequests: z.number().int(),
  acceptedRequests: z.number().int(),
  completedRequests: z.number().int(),
  cancelledRequests: z.number().int(),
  activeProducts: z.number().int(),
  soldProducts: z.number().int(),
});
export type HostellerStats = z.infer<typeof hostellerStatsSchema>;

/**
 * GET /dayscholar/stats. totalEarnings in rupees (sum of expected prices of completed deliveries);
 * totalTips apart, in rupees (the payers' tips on those deliveries).
 */
export const dayScholarStatsSchema = z.object({
  pendingDeliveries: z.number().int(),
  completedDeliveries: z.number().int(),
  cancelledDeliveries: z.number().int(),
  availableRequests: z.number().int(),
  totalEarnings: z.number(),
  totalTips: z.number(),
});
export type DayScholarStats = z.infer<typeof dayScholarStatsSchema>;

export const hostellerStatsResponseSchema = z.object({ stats: hostellerStatsSchema });
export const dayScholarStatsResponseSchema = z.object({ stats: dayScholarStatsSchema });

/** The short product card of the hosteller dashboard (the marketplace extends it). */
export const recentProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Rupees. */
  price: z.number(),
  status: z.enum(PRODUCT_STATUSES),
  createdAt: z.string(),
  /** Image paths, first is the cover; relative paths resolve against the server origin. */
  images: z.array(z.string()),
});
export type RecentProduct = z.infer<typeof recentProductSchema>;
export const recentProductsResponseSchema = z.object({ products: z.array(recentProductSchema) });
