import { COMMON_MESSAGES } from '../errors';

/** Following a seller: told of their new listings. */
export const FOLLOW_LIMITS = {
  /** Follows and unfollows together one account may make in an hour. */
  changesPerHour: 60,
  /** A follower's notice about one seller's new listings takes in more listings for this long. */
  groupMinutes: 60,
} as const;

export const FOLLOW_MESSAGES = {
  self: 'You cannot follow yourself',
  userNotFound: COMMON_MESSAGES.userNotFound,
  /** Only a member who may sell (a hosteller) has listings to be told of. */
  notSeller: 'Only sellers can be followed',
  /** Either of the two blocks the other. */
  blocked: 'You cannot follow this user',
  followed: 'You are following this seller',
  unfollowed: 'You no longer follow this seller',
  tooMany: `You can follow or unfollow ${FOLLOW_LIMITS.changesPerHour} times an hour. Please try again later.`,
} as const;

/** What a follower is told of a followed seller's new listings (`count` already formatted). */
export const FOLLOW_NOTICES = {
  /** One new listing: opens the product. */
  listed: (seller: string, product: string) => `${seller} listed ${product}`,
  /** Several within the hour, in one notice: opens the seller's profile. */
  listedMany: (seller: string, count: string) => `${seller} listed ${count} new items`,
} as const;
