/** Saved searches: a member says once what they look for and is told when it appears. */
export const SAVED_SEARCH_LIMITS = {
  /** Saved searches one member may keep. */
  perMember: 20,
  nameMax: 60,
  /** An alert about one search takes in more matches for this long ("3 new matches …"). */
  groupMinutes: 60,
  /** Saves, renames, pauses and deletes together one account may make in an hour. */
  changesPerHour: 120,
} as const;

/** What a saved search looks through: the marketplace, or (day scholars) the requests to deliver. */
export const SAVED_SEARCH_KINDS = ['products', 'requests'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];

export const SAVED_SEARCH_MESSAGES = {
  saved: 'Search saved. We will tell you when something new matches.',
  renamed: 'Search renamed',
  paused: 'Alerts paused for this search',
  resumed: 'Alerts resumed for this search',
  deleted: 'Search deleted',
  opened: 'Showing what matches this search',
  notFound: 'Saved search not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SAVED_SEARCH_LIMITS.nameMax} characters`,
  kindInvalid: 'Choose what to search: products or requests',
  /** A search with no words and no filter would match everything. */
  emptyFilters: 'Add search words or a filter before saving this search',
  tooMany: `You can keep up to ${SAVED_SEARCH_LIMITS.perMember} saved searches. Delete one to save another.`,
  /** Only day scholars browse requests to deliver. */
  requestsForDayScholars: 'Only day scholars can save searches of requests',
  tooManyChanges: 'You are changing saved searches too often. Please try again later.',
  nothingToChange: 'Nothing to change',
} as const;

/** What the saver is told when new posts match one of their searches. */
export const SAVED_SEARCH_NOTICES = {
  /** One new match: opens it. */
  matched: (search: string, item: string) => `New match for “${search}”: ${item}`,
  /** Several within the hour, in one notice (`count` already formatted): opens the search. */
  matchedMany: (search: string, count: string) => `${count} new matches for “${search}”`,
} as const;
