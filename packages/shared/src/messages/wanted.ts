/** Wanted posts: a member says what they are looking for; others answer "I have one". */
export const WANTED_LIMITS = {
  titleMax: 80,
  detailsMax: 1000,
  /** Rupees. */
  priceMax: 1_000_000,
  /** A wanted post is open this long, and again from each renewal. */
  days: 14,
  /** Open wanted posts one member may have. */
  openPerMember: 10,
  /** Posts, renewals, closes and deletes together one account may make in an hour. */
  changesPerHour: 60,
  /** Answers one account may send in an hour. */
  answersPerHour: 30,
  /** Bytes of the optional photo's file (re-encoded by the server, as product photos are). */
  photoMaxBytes: 5 * 1024 * 1024,
} as const;

export const WANTED_MESSAGES = {
  titleRequired: 'Say what you are looking for',
  titleTooLong: `Must be at most ${WANTED_LIMITS.titleMax} characters`,
  detailsTooLong: `Details must be at most ${WANTED_LIMITS.detailsMax} characters`,
  categoryRequired: 'Category is required',
  categoryInvalid: 'Please choose a category from the list',
  maxPriceRequired: 'Say the most you would pay',
  maxPriceInvalid: 'Price must be a whole number of rupees, at least ₹1',
  maxPriceTooHigh: `Price must be at most ₹${WANTED_LIMITS.priceMax.toLocaleString('en-IN')}`,
  posted: 'Wanted post published. We will tell you when a matching item is listed.',
  renewed: `Wanted post renewed for ${WANTED_LIMITS.days} days`,
  closed: 'Wanted post closed',
  deleted: 'Wanted post deleted',
  answered: 'Answer sent. Continue in the chat.',
  notFound: 'Wanted post not found',
  tooMany: `You can have up to ${WANTED_LIMITS.openPerMember} open wanted posts. Close one to post another.`,
  tooManyChanges: 'You are changing wanted posts too often. Please try again later.',
  tooManyAnswers: 'You have answered many wanted posts this hour. Please try again later.',
  /** Renew or close: only the poster. */
  notYours: 'Only the member who posted it can change this wanted post',
  answerOwn: 'You cannot answer your own wanted post',
  answerBlocked: 'You cannot answer this wanted post',
  notOpen: 'This wanted post is no longer open',
  productNotYours: 'Choose one of your own available listings',
  answerTooLong: 'Message must be at most 1000 characters',
  photoRequired: 'Choose a photo to add',
  onlyOnePhoto: 'Add one photo at a time',
  photoAdded: 'Photo added',
  photoRemoved: 'Photo removed',
  /** The post went up; its photo did not (the poster may add it from the post). */
  photoNotAdded: (reason: string) => `Your wanted post is up, but its photo was not added: ${reason}`,
  photoFailed: 'Could not add the photo. Please try again.',
  removePhotoFailed: 'Could not remove the photo. Please try again.',
} as const;

/** What a wanted post's poster is told, and the first line of an answer. */
export const WANTED_NOTICES = {
  /** A product listed that matches their open wanted post: opens the product. */
  matched: (title: string, product: string) => `Just listed for your wanted post “${title}”: ${product}`,
  /** The chat message an answer starts with when the answerer writes nothing. */
  answer: (title: string) => `I have one: ${title}`,
} as const;
