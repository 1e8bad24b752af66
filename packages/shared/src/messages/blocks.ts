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
