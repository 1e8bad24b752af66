/** Lost and found: a member posts what they lost or found; the owner of a found thing claims it. */
export const LOST_FOUND_KINDS = ['lost', 'found'] as const;
export type LostFoundKind = (typeof LOST_FOUND_KINDS)[number];

/** What a post shows: open (in the lists), resolved (returned to its owner) or expired. */
export const LOST_FOUND_STATES = ['open', 'resolved', 'expired'] as const;
export type LostFoundState = (typeof LOST_FOUND_STATES)[number];

export const LOST_FOUND_CLAIM_STATUSES = ['open', 'accepted', 'withdrawn', 'closed'] as const;
export type LostFoundClaimStatus = (typeof LOST_FOUND_CLAIM_STATUSES)[number];

export const LOST_FOUND_LIMITS = {
  titleMax: 80,
  placeMax: 80,
  detailsMax: 1000,
  questionMax: 200,
  answerMax: 200,
  /** A post is open this long, and again from each renewal. */
  days: 30,
  /** Open claims one member may have at once. */
  openClaimsPerMember: 5,
  /** How long ago a thing may have been lost or found. */
  whenMaxDays: 365,
  /** A match is told only for posts this close in time. */
  matchDays: 7,
  /** Place suggestions at most. */
  placesMax: 8,
  /** Posts, edits, renewals, resolves and deletes together one account may make in an hour. */
  changesPerHour: 60,
  /** Claims and withdrawals one account may make in an hour. */
  claimsPerHour: 20,
  /** Photos per post, and the bytes of each (re-encoded by the server, as product photos are). */
  photosMax: 3,
  photoMaxBytes: 5 * 1024 * 1024,
} as const;

export const LOST_FOUND_MESSAGES = {
  kindRequired: 'Say whether you lost or found it',
  kindInvalid: 'Choose lost or found',
  titleRequired: 'Say what it is',
  titleTooLong: `Must be at most ${LOST_FOUND_LIMITS.titleMax} characters`,
  categoryRequired: 'Category is required',
  categoryInvalid: 'Please choose a category from the list',
  placeRequired: 'Say where on campus',
  placeTooLong: `Place must be at most ${LOST_FOUND_LIMITS.placeMax} characters`,
  whenRequired: 'Say when',
  whenInvalid: 'Give a valid date and time',
  whenInFuture: 'That time has not come yet',
  whenTooOld: `Must be within the last ${365} days`,
  detailsTooLong: `Details must be at most ${LOST_FOUND_LIMITS.detailsMax} characters`,
  questionRequired: 'Ask something only its owner can answer',
  questionTooLong: `Question must be at most ${LOST_FOUND_LIMITS.questionMax} characters`,
  answerRequired: 'Write the answer you expect',
  answerTooLong: `Answer must be at most ${LOST_FOUND_LIMITS.answerMax} characters`,
  /** A question and answer belong to found posts only. */
  questionOnlyFound: 'Only a found post asks a question',
  claimAnswerRequired: 'Answer the finder’s question',
  posted: 'Post published. We will tell you of matching posts.',
  saved: 'Post saved',
  renewed: `Post renewed for ${LOST_FOUND_LIMITS.days} days`,
  resolved: 'Marked as returned to its owner',
  deleted: 'Post deleted',
  notFound: 'Lost and found post not found',
  claimNotFound: 'Claim not found',
  notYours: 'Only the member who posted it can change this post',
  onlyFinder: 'Only the finder sees the claims',
  notOpen: 'This post is no longer open',
  claimOwn: 'You cannot claim your own post',
  claimBlocked: 'You cannot claim this post',
  onlyFound: 'Only a found post can be claimed',
  claimedAlready: 'You have already claimed this post',
  tooManyClaims: `You can have up to ${LOST_FOUND_LIMITS.openClaimsPerMember} open claims. Withdraw one or wait for an answer.`,
  claimed: 'Claim sent. The finder will see your answer.',
  claimWithdrawn: 'Claim withdrawn',
  claimNotOpen: 'This claim is no longer open',
  claimAccepted: 'Claim accepted. Arrange the handover in the chat.',
  tooManyChanges: 'You are changing lost and found posts too often. Please try again later.',
  tooManyClaimsPerHour: 'You have made many claims this hour. Please try again later.',
  searchTooLong: 'Search must be at most 100 characters',
  photosRequired: 'Choose up to 3 photos to add',
  tooManyPhotos: `Add at most ${LOST_FOUND_LIMITS.photosMax} photos`,
  photosSaved: 'Photos saved',
  photosRemoved: 'Photos removed',
  stateLabels: {
    open: 'Open',
    resolved: 'Returned to its owner',
    expired: 'Expired',
  },
} as const;

/** What members are told. */
export const LOST_FOUND_NOTICES = {
  /** A new found post matches the member's lost post (or a new lost post an existing found one). */
  matched: (own: string, other: string) => `Someone found something like your lost “${own}”: ${other}`,
  /** The finder: a member says the thing is theirs. */
  claimed: (title: string) => `Someone says “${title}” is theirs. Check their answer.`,
  /** The other claimants, once the finder returned it to someone else. */
  returned: (title: string) => `“${title}” was returned to its owner`,
  /** The chat message accepting a claim opens with (from the finder to the owner). */
  accepted: (title: string) => `Your answer matched: “${title}” is yours. Let us arrange the handover.`,
} as const;
