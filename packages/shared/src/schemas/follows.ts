import { z } from 'zod';
import { userText } from './common';

/** Whether the viewer follows a member, how many do, and whether the viewer may follow them. */
export const followStateSchema = z.object({
  following: z.boolean(),
  followerCount: z.number().int(),
  /** False for oneself, a member who does not sell, and across a block (either way). */
  canFollow: z.boolean(),
});
export type FollowState = z.infer<typeof followStateSchema>;
/** GET /users/{id}/follow. */
export const followStateResponseSchema = z.object({ follow: followStateSchema });
/** PUT and DELETE /users/{id}/follow. */
export const followChangeResponseSchema = z.object({ follow: followStateSchema, message: z.string() });

/** GET /users/following and /users/followers: newest first. */
export const followListQuerySchema = z.object({
  cursor: userText('line', 'Invalid cursor').max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
/** A member in either list, and since when the follow holds. */
export const followedUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  since: z.string(),
});
export type FollowedUser = z.infer<typeof followedUserSchema>;
export const followListResponseSchema = z.object({
  users: z.array(followedUserSchema),
  /** How many the whole list holds (every page says it). */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type FollowListResponse = z.infer<typeof followListResponseSchema>;
