export const ROLES = ['hosteller', 'dayscholar'] as const;
export type Role = (typeof ROLES)[number];

export const REQUEST_STATUSES = ['pending', 'accepted', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_CATEGORIES = ['groceries', 'medicines', 'stationery', 'food', 'other'] as const;
export type RequestCategory = (typeof REQUEST_CATEGORIES)[number];

export const PRODUCT_CATEGORIES = [
  'books',
  'electronics',
  'clothing',
  'furniture',
  'food',
  'sports',
  'musical',
  'decor',
  'cycles',
  'stationery',
  'room-essentials',
  'other',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRODUCT_CONDITIONS = ['new', 'like-new', 'good', 'fair', 'poor'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

export const PRODUCT_STATUSES = ['available', 'reserved', 'sold'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const NOTIFICATION_TYPES = [
  'request_accepted',
  'request_completed',
  'request_cancelled',
  'message',
  'delivery',
  'product',
  'other',
  'moderation',
  'trip',
  'run',
  'settlement',
  'dispute',
  /** New posts matched a saved search. */
  'search',
  /** A product was listed that matches the member's wanted post. */
  'wanted',
  /** Lost and found: a matching post, a claim, a thing returned. */
  'lost_found',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Whether a product or request shows in lists: held after enough reports, removed by a moderator. */
export const LISTING_MODERATION = ['visible', 'held', 'removed'] as const;
export type ListingModeration = (typeof LISTING_MODERATION)[number];

export const REPORT_TARGET_TYPES = [
  'user',
  'product',
  'request',
  'message',
  'lost_found_post',
  'lost_found_claim',
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  'spam',
  'scam',
  'prohibited_item',
  'inappropriate',
  'harassment',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const MODERATION_ACTIONS = ['dismiss', 'remove', 'suspend', 'unsuspend', 'resolve_dispute'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const RATING_TYPES = ['hosteller_to_dayscholar', 'dayscholar_to_hosteller'] as const;
/** The two sides of a marketplace sale rating each other once the seller names the buyer. */
export const SALE_RATING_TYPES = ['buyer_to_seller', 'seller_to_buyer'] as const;
export const ALL_RATING_TYPES = [...RATING_TYPES, ...SALE_RATING_TYPES] as const;
export type RatingType = (typeof RATING_TYPES)[number];
export type AnyRatingType = (typeof ALL_RATING_TYPES)[number];
export type SaleRatingType = (typeof SALE_RATING_TYPES)[number];

/** An offer's life: pending until the seller accepts or declines or the buyer withdraws it. */
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  emailMax: 254,
  phoneDigits: 10,
  hostelFieldMax: 50,
  otpLength: 6,
  otpResendCooldownSeconds: 60,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  resetTokenTtlMinutes: 60,
  pageSizeDefault: 50,
  pageSizeMax: 100,
} as const;

/** Keys of the browser's local storage. */
export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

/** A trip is open until its cutoff passes, unless its runner cancelled it. */
export const TRIP_STATUSES = ['open', 'cancelled'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** A shared run is open to join until its cutoff, accepted by one day scholar, or cancelled. */
export const RUN_STATUSES = ['open', 'accepted', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * What a shared link previews (docs/product.md#link-previews): the first segment of the page's
 * address (`/products/{id}`) and of its preview image (`/api/previews/products/{id}/image`).
 */
export const PREVIEW_KINDS = ['products', 'trips', 'runs', 'wanted'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** Settling up: who owes whom after a completed request or a sale. */
export const SETTLEMENT_KINDS = ['request', 'sale'] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];
/**
 * proposed: a sale the buyer has not confirmed yet (it counts nowhere); open: nothing said yet;
 * paid: the payer says they paid; settled: the payee confirmed (or a moderator closed it, or nobody
 * answered a payment for a week); disputed: a dispute about it is open; void: the buyer said they did
 * not buy it, or the seller changed the sale before the buyer confirmed.
 */
export const SETTLEMENT_STATES = ['proposed', 'open', 'paid', 'settled', 'disputed', 'void'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
/** The list filters of GET /settlements: open covers proposed, open and paid. */
export const SETTLEMENT_FILTERS = ['open', 'settled', 'disputed'] as const;
export type SettlementFilter = (typeof SETTLEMENT_FILTERS)[number];
export const PAYMENT_METHODS = ['upi', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'not_paid', 'damaged', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_OUTCOMES = ['favour_payer', 'favour_payee', 'split', 'no_fault'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * The delivery fees the new-request form offers one tap away, in rupees: what a campus errand
 * usually pays (a short walk, a market run, a long or heavy one). Fixed, so the form offers them
 * before anything has loaded, offline too.
 */
export const REQUEST_FEE_SUGGESTIONS = [20, 30, 50] as const;

/**
 * The campus's time zone: money is counted by its weeks (from Monday) and months, and the times in
 * trip notices and link previews are written on its clock.
 */
export const CAMPUS_TIME_ZONE = 'Asia/Kolkata';
