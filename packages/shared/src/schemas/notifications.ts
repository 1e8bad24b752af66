import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../constants';

/** One notification; `data` names what it opens (docs/product.md#notifications). */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  data: z.object({
    requestId: z.string().optional(),
    senderId: z.string().optional(),
    productId: z.string().optional(),
    tripId: z.string().optional(),
    runId: z.string().optional(),
    settlementId: z.string().optional(),
    reportId: z.string().optional(),
    /** A followed seller's new listings, grouped: opens their profile. */
    sellerId: z.string().optional(),
  }),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /notifications. */
export const notificationsResponse = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
