export const CHAT_LIMITS = {
  messageMax: 2000,
  clientIdMax: 64,
  photoMaxBytes: 5 * 1024 * 1024,
  /** Decoded size limit of a photo (width × height), checked from its header before decoding. */
  photoMaxPixels: 12_000_000,
} as const;

export const CHAT_MESSAGES = {
  empty: 'Please type a message',
  tooLong: `Messages can be at most ${CHAT_LIMITS.messageMax} characters`,
  failed: 'Failed to send message',
  photoTooLarge: 'Photos can be at most 5 MB',
  photoRequired: 'Choose a photo to send',
  photoPixels: 'This photo has too many pixels (at most 12 megapixels). Please send a smaller photo',
  photoContent: 'Photo',
  /** A chat photo's link without a valid signature, or past its expiry. */
  photoLinkExpired: 'This photo link has expired. Reload the conversation to see the photo.',
  self: 'You cannot message yourself',
  /** Over the send budget, over HTTP and the socket alike. */
  tooMany: 'Too many messages. Please slow down.',
  /** Too many messages on their way at once: the app sends it again by itself. */
  busy: 'Busy right now; your message will be sent again in a moment.',
  productNotInThread: 'This product is not sold by either of you',
  /** What a message a moderator removed says instead. */
  removed: 'This message was removed by a moderator.',
} as const;

/** The notification a new message leaves its receiver (an offer is announced as one). */
export const CHAT_NOTICES = {
  message: (sender: string) => `${sender} sent you a message`,
  /** "Meera offered ₹2,800 for Lady Bird cycle" (`amount` already formatted). */
  offer: (sender: string, amount: string, product: string) => `${sender} offered ${amount} for ${product}`,
} as const;
