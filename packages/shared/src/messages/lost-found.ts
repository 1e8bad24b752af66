import { PRODUCT_IMAGE_FORMAT_NAMES } from './products';

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

const { days, photosMax } = LOST_FOUND_LIMITS;
const LOST_FOUND_KIND_WORDS: Record<LostFoundKind, string> = { lost: 'Lost', found: 'Found' };

/** The words of the lost and found screens (the web app). */
export const LOST_FOUND_UI = {
  /** The board's title, its entry in the menus and the top bar's. */
  title: 'Lost and found',
  description: `Lost something on campus, or found something? Post it here. Posts stay up ${days} days.`,
  newPost: 'New post',
  /** The central + menu's entry. */
  newMenuItem: 'Lost or found item',
  kinds: LOST_FOUND_KIND_WORDS,
  filters: {
    kind: 'Lost or found',
    all: 'All',
    search: 'Search lost and found',
    category: 'Category',
    allCategories: 'All categories',
  },
  list: {
    label: 'Lost and found posts',
    loading: 'Loading lost and found posts',
    failed: 'Failed to load lost and found posts',
    /** "… isn’t saved on this phone". */
    offline: 'This list',
    emptyTitle: 'Nothing lost or found yet',
    emptyDescription:
      'Lost something? Post it, and hear when someone finds something like it. Found something? Post it with a question only its owner can answer.',
    filteredTitle: 'No posts match your filters',
    filteredDescription: 'Try other words, or clear the filters to see every open post.',
    clearFilters: 'Clear filters',
  },
  form: {
    title: 'New lost and found post',
    description: `Say what it is, where and when. It stays up ${days} days; you can renew it or mark it resolved.`,
    submit: 'Publish post',
    failed: 'Could not publish your post',
    kindLegend: 'Did you lose it or find it?',
    kindOptions: { lost: 'I lost something', found: 'I found something' },
    titleLabel: 'What is it?',
    titlePlaceholder: 'e.g. Black phone in a blue case',
    category: 'Category',
    selectCategory: 'Select a category',
    placeLabel: 'Where on campus?',
    placePlaceholder: 'e.g. Library, 2nd floor',
    placeSuggestions: 'Places named before',
    whenLabel: { lost: 'When did you lose it?', found: 'When did you find it?', none: 'When?' },
    detailsLabel: 'Details (optional)',
    detailsHint: {
      lost: 'Colour, brand, marks, what was inside.',
      found: 'Say what anyone could see. Keep back what only its owner would know.',
    },
    secretLegend: 'Only its owner can answer',
    questionLabel: 'A question only its owner can answer',
    questionPlaceholder: 'e.g. What is on the lock screen?',
    questionHint: 'Everyone sees the question; whoever says it is theirs answers it.',
    answerLabel: 'The answer you expect',
    answerHint: 'Only you see this answer. Nobody else ever does.',
    /** "72 of 80 characters": shown once a field nears its limit. */
    length: (typed: number, max: number) => `${typed} of ${max} characters`,
  },
  photos: {
    legend: `Photos (optional, up to ${photosMax})`,
    add: 'Add photos',
    /** The hidden file field the buttons open. */
    input: 'Choose photos',
    preview: (n: number) => `Preview of photo ${n}`,
    remove: (n: number) => `Remove photo ${n}`,
    /** Its button's words where there is room (its name says which photo). */
    removeShort: 'Remove',
    hint: `Up to ${photosMax} photos, each less than 5MB · ${PRODUCT_IMAGE_FORMAT_NAMES}.`,
    foundHint: 'Leave out the detail your question asks about.',
    adding: 'Adding photos…',
    processing: 'Processing photos…',
    /** The post went up; its photos did not (its poster may add them from the post). */
    notAdded: (reason: string) => `Your post is up, but its photos were not added: ${reason}`,
    failed: 'Could not add the photos. Please try again.',
    removeFailed: 'Could not remove the photos. Please try again.',
    change: 'Change photos',
    removeAll: 'Remove photos',
    show: (n: number, total: number) => `Show photo ${n} of ${total}`,
    alt: (title: string, n: number, total: number) =>
      total > 1 ? `${title}, photo ${n} of ${total}` : title,
    sending: 'The new photos, being added',
  },
  post: {
    /** Its page's heading while it loads or fails. */
    heading: 'Lost and found post',
    notFoundMessage: 'It may have been deleted, or the link is wrong.',
    failed: 'Failed to load this post',
    back: 'See all lost and found posts',
    offline: 'This post',
    openUntil: 'Open until',
    returnedNote: 'It is back with its owner. The post has left the lists.',
    place: 'Where',
    category: 'Category',
    posted: 'Posted',
    question: 'The finder asks',
    expected: 'The answer you expect',
    expectedNote: 'Only you see this.',
    postedBy: 'Posted by',
    you: 'you',
    /** Another member, on a lost post: the chat with its poster. */
    message: (name: string) => `Message ${name}`,
    reportWhat: 'this post',
    report: 'Report',
  },
  poster: {
    renew: 'Renew',
    renewFailed: 'Could not renew this post',
    resolve: 'Mark resolved',
    resolveTitle: 'Mark it returned to its owner?',
    resolveDescription: {
      lost: 'The post leaves the lists. Do this once you have it back.',
      found: 'The post leaves the lists and its open claims close. Do this once it is back with its owner.',
    },
    resolveFailed: 'Could not mark this post resolved',
    delete: 'Delete',
    deleteTitle: 'Delete this post?',
    deleteDescription: (title: string) => `“${title}” and its claims will be removed. This cannot be undone.`,
    deleteFailed: 'Could not delete this post',
    cancel: 'Cancel',
  },
  claim: {
    action: 'That’s mine',
    description:
      'Answer the finder’s question. Only the finder sees your answer; if it matches, they give it back to you through the chat.',
    answerLabel: 'Your answer',
    submit: 'Send claim',
    failed: 'Could not send your claim',
    /** The claimant's own claim, as it stands. */
    state: {
      open: 'You said this is yours. The finder will check your answer.',
      accepted: 'Your claim was accepted. Arrange the handover in the chat.',
      withdrawn: 'You withdrew your claim.',
      closed: 'It was returned to its owner.',
    },
    openChat: 'Open the chat',
    withdraw: 'Withdraw claim',
    withdrawTitle: 'Withdraw your claim?',
    withdrawDescription: 'The finder no longer sees it as open, and you cannot claim this post again.',
    withdrawConfirm: 'Withdraw',
    withdrawFailed: 'Could not withdraw your claim',
  },
  claims: {
    heading: 'Claims',
    loading: 'Loading claims',
    failed: 'Failed to load the claims',
    empty: 'No claims yet. When someone says it is theirs, their answer shows here.',
    theirAnswer: 'Their answer',
    memberSince: (monthYear: string) => `Member since ${monthYear}`,
    statuses: { open: 'Waiting', accepted: 'Accepted', withdrawn: 'Withdrawn', closed: 'Closed' },
    accept: 'Accept',
    /** The Accept button's name, which says whose claim it is. */
    acceptLabel: (name: string) => `Accept the claim of ${name}`,
    acceptTitle: (name: string) => `Give it back to ${name}?`,
    acceptDescription:
      'The post is marked returned to its owner, a chat opens between you two, and the other claimants are told.',
    acceptConfirm: 'Accept claim',
    acceptFailed: 'Could not accept this claim',
    report: 'Report',
    /** The Report button's name, which says whose claim it is. */
    reportLabel: (name: string) => `Report the claim of ${name}`,
    /** What the report dialog's title names. */
    reportWhat: (name: string) => `the claim of ${name}`,
  },
  /** A chat message's card of the post it is about. */
  card: {
    label: (kind: LostFoundKind, title: string) => `${LOST_FOUND_KIND_WORDS[kind]}: ${title}`,
  },
} as const;
