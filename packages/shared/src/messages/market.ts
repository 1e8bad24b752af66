/** An offer may be up to this many times the asking price. */
export const OFFER_LIMITS = { maxTimesPrice: 10, savedMax: 500 } as const;

export const OFFER_MESSAGES = {
  amountRequired: 'Please enter an amount',
  amountInvalid: 'Please enter a whole number of rupees',
  amountMin: 'The offer must be at least ₹1',
  amountMax: `The offer can be at most ${OFFER_LIMITS.maxTimesPrice} times the price`,
  notFound: 'Offer not found',
  ownProduct: 'You cannot make an offer on your own product',
  notAvailable: 'This product is no longer available',
  pendingExists: 'You already have a pending offer on this product',
  notPending: 'This offer is no longer pending',
  notSellerOfOffer: 'Only the seller can accept or decline this offer',
  notBuyerOfOffer: 'Only the buyer can withdraw this offer',
  made: 'Offer sent',
  accepted: 'Offer accepted — the product is reserved for the buyer',
  /** What the buyer of an accepted offer does next. */
  nextStep: 'Arrange the pickup in chat',
  declined: 'Offer declined',
  withdrawn: 'Offer withdrawn',
} as const;

export const SAVED_MESSAGES = {
  ownProduct: 'You cannot save your own product',
  tooMany: `You can save at most ${OFFER_LIMITS.savedMax} items`,
  saved: 'Saved',
  unsaved: 'Removed from saved items',
} as const;

export const SALE_MESSAGES = {
  buyerNotCandidate: 'Choose a buyer who messaged you about this product or made an offer on it',
  notSold: 'You can review only after the product is sold to a named buyer',
  notConfirmed: 'You can review this sale once the buyer confirms buying it',
  notParty: 'Only the seller and the buyer of this product can review this sale',
  wrongType: 'This rating type does not match your side of the sale',
  duplicate: 'You have already reviewed this sale',
  settlementOpen: 'The buyer has confirmed this sale; settle it before changing it',
} as const;

/** What an offer writes in the chat and tells the other side (`amount` already formatted). */
export const OFFER_NOTICES = {
  /** The chat message an offer sends. */
  content: (amount: string, product: string) => `Offered ${amount} for ${product}`,
  withdrawn: (buyer: string, product: string) => `${buyer} withdrew their offer for ${product}`,
  accepted: (seller: string, amount: string, product: string) =>
    `${seller} accepted your offer of ${amount} for ${product}. ${OFFER_MESSAGES.nextStep}`,
  reservedForAnother: (product: string) =>
    `Your offer for ${product} was declined: it is reserved for another buyer`,
  declined: (seller: string, amount: string, product: string) =>
    `${seller} declined your offer of ${amount} for ${product}`,
} as const;
