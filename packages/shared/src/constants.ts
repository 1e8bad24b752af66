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
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const RATING_TYPES = ['hosteller_to_dayscholar', 'dayscholar_to_hosteller'] as const;
export type RatingType = (typeof RATING_TYPES)[number];

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
