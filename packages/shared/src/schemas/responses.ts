import { z } from 'zod';
import type { blockedUsersResponseSchema, blockStateResponseSchema } from './blocks';
import type { conversationMessagesResponse, conversationsResponse, messageResponse } from './chat';
import type { messageResponseSchema } from './common';
import type {
  dayScholarStatsResponseSchema,
  hostellerStatsResponseSchema,
  recentProductsResponseSchema,
} from './dashboard';
import { emailPreferencesSchema } from './emails';
import type {
  offerListResponseSchema,
  offerResponseSchema,
  publicProfileResponseSchema,
  saveResponseSchema,
} from './market';
import type {
  moderationActionsResponseSchema,
  moderationDoneSchema,
  moderationReportsResponseSchema,
} from './moderation';
import type { notificationsResponse } from './notifications';
import { pushPreferencesSchema } from './push';
import type { createRatingResponseSchema, ratingSummaryResponseSchema } from './ratings';
import type { reportResponseSchema } from './reports';
import type { runResponseSchema, tripResponseSchema, tripStopsResponseSchema } from './logistics';
import type { requestResponseSchema } from './requests';
import { requestSchema } from './requests';
import type {
  disputeResponseSchema,
  moderationDisputesResponseSchema,
  settlementLookupResponseSchema,
  settlementResponseSchema,
} from './settlements';
import type { profileUpdateResponseSchema, publicUserResponseSchema, userResponseSchema } from './users';

/*
 * What the endpoints answer, as types of the schemas their routes send, so a client reads the same
 * shape the server promises. The answers named next to their entity (ProductResponse,
 * RequestListResponse …) stay there.
 */

/** A plain confirmation: { message }. */
export type MessageResponse = z.infer<typeof messageResponseSchema>;
/** GET /auth/me, PUT /users/complete-google-profile: { user }. */
export type UserResponse = z.infer<typeof userResponseSchema>;
/** PUT /users/profile, PUT|DELETE /users/avatar: { message, user }. */
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;
/** GET /users/{id}: { user } as another member sees them. */
export type PublicUserResponse = z.infer<typeof publicUserResponseSchema>;

/** PUT /users/change-password: the other sessions end; this device gets a new token. */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** GET|PUT /email/preferences. */
export const emailPreferencesResponseSchema = z.object({ preferences: emailPreferencesSchema });
export type EmailPreferencesResponse = z.infer<typeof emailPreferencesResponseSchema>;
/** PUT /push/preferences. */
export const pushPreferencesResponseSchema = z.object({ preferences: pushPreferencesSchema });
export type PushPreferencesResponse = z.infer<typeof pushPreferencesResponseSchema>;

/** GET /users/blocked. */
export type BlockedUsersResponse = z.infer<typeof blockedUsersResponseSchema>;
/** POST|DELETE /users/{id}/block. */
export type BlockStateResponse = z.infer<typeof blockStateResponseSchema>;

/** GET /chat/conversations. */
export type ConversationsResponse = z.infer<typeof conversationsResponse>;
/** GET /chat/conversation/{userId}: one page of a thread, oldest first, and the partner. */
export type ThreadPageResponse = z.infer<typeof conversationMessagesResponse>;
/** POST /chat and POST /chat/photo: { message }. */
export type ChatMessageResponse = z.infer<typeof messageResponse>;

/** GET /hosteller/stats. */
export type HostellerStatsResponse = z.infer<typeof hostellerStatsResponseSchema>;
/** GET /dayscholar/stats. */
export type DayScholarStatsResponse = z.infer<typeof dayScholarStatsResponseSchema>;

/** GET /notifications. */
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** POST /products/{id}/offers and PUT /offers/{id}/{action}: { offer, message }. */
export type OfferResponse = z.infer<typeof offerResponseSchema>;
/** PUT|DELETE /products/{id}/save. */
export type SaveResponse = z.infer<typeof saveResponseSchema>;
/** POST /ratings. */
export type CreateRatingResponse = z.infer<typeof createRatingResponseSchema>;
/** POST /reports. */
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** GET /trips/{id}, PUT /trips/{id}/cancel … : { trip }. */
export type TripResponse = z.infer<typeof tripResponseSchema>;
/** GET /runs/{id}, PUT /runs/{id}/accept, POST|DELETE /runs/{id}/join: { run }. */
export type RunResponse = z.infer<typeof runResponseSchema>;

/** POST /settlements/{id}/dispute, PUT /moderation/disputes/{id}: { dispute }. */
export type DisputeResponse = z.infer<typeof disputeResponseSchema>;
/** GET /moderation/disputes. */
export type ModerationDisputesResponse = z.infer<typeof moderationDisputesResponseSchema>;
/** PUT /moderation/reports/{id}. */
export type ModerationDoneResponse = z.infer<typeof moderationDoneSchema>;

/** GET /users/{id}/profile. */
export type PublicProfileResponse = z.infer<typeof publicProfileResponseSchema>;
/** GET /ratings/user/{userId}: { rating: { average, count } }. */
export type RatingSummaryResponse = z.infer<typeof ratingSummaryResponseSchema>;
/** GET /products/{id}/offers: the seller's all, a buyer's own. */
export type OfferListResponse = z.infer<typeof offerListResponseSchema>;
/** GET /hosteller/products/recent. */
export type RecentProductsResponse = z.infer<typeof recentProductsResponseSchema>;
/** GET /hosteller/requests/recent: the hosteller's latest requests, one short list. */
export const recentRequestsResponseSchema = z.object({ requests: z.array(requestSchema) });
export type RecentRequestsResponse = z.infer<typeof recentRequestsResponseSchema>;
/** GET /requests/{id}, POST /requests, PUT /requests/{id}/{action} …: { request }. */
export type RequestResponse = z.infer<typeof requestResponseSchema>;
/** GET /trips/{id}/stops. */
export type TripStopsResponse = z.infer<typeof tripStopsResponseSchema>;
/** PUT /settlements/{id}/{step}: { settlement }. */
export type SettlementResponse = z.infer<typeof settlementResponseSchema>;
/** GET /settlements/for?kind&targetId: the settlement of a request or sale, or null. */
export type SettlementLookupResponse = z.infer<typeof settlementLookupResponseSchema>;
/** GET /moderation/reports. */
export type ModerationReportsResponse = z.infer<typeof moderationReportsResponseSchema>;
/** GET /moderation/actions. */
export type ModerationActionsResponse = z.infer<typeof moderationActionsResponseSchema>;
