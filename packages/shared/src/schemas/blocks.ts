import { z } from 'zod';
import { COMMON_MESSAGES } from '../errors';

export const BLOCK_MESSAGES = {
  self: 'You cannot block yourself',
  userNotFound: COMMON_MESSAGES.userNotFound,
  /** Chat between two users of whom one blocks the other, over HTTP and the socket alike. */
  cannotMessage: 'You cannot message this user',
  /** Accepting the request of a user one blocks, or who blocks one. */
  cannotAccept: 'You cannot accept this request',
  /** Marking a product sold to a user one blocks, or who blocks one. */
  cannotSell: 'You cannot sell to this user',
  /** Making, accepting or declining an offer between two users of whom one blocks the other. */
  cannotOffer: 'You cannot exchange offers with this user',
  /** Reviewing (a sale or a delivery) a user one blocks, or who blocks one. */
  cannotReview: 'You cannot review this user',
  blocked: 'User blocked',
  unblocked: 'User unblocked',
} as const;

/** GET /users/blocked: the users the caller blocks, newest first. */
export const blockedUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUsersResponseSchema = z.object({ users: z.array(blockedUserSchema) });
/** POST/DELETE /users/{id}/block. */
export const blockStateResponseSchema = z.object({ blocked: z.boolean(), message: z.string() });
