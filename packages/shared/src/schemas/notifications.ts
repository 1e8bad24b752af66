import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../constants';
import { SAVED_SEARCH_KINDS } from '../messages/searches';

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
    /** New posts matched this saved search: one opens the post, several (grouped) the search. */
    savedSearchId: z.string().optional(),
    /** What the saved search looks through (its push follows the marketplace or requests choice). */
    searchKind: z.enum(SAVED_SEARCH_KINDS).optional(),
    /** A product matched this wanted post (it opens the product). */
    wantedPostId: z.string().optional(),
    /** Lost and found: the post it opens. */
    lostFoundPostId: z.string().optional(),
  }),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /notifications. */
export const notificationsResponse = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
