import { PRODUCT_STATUSES, type ProductCategory, type ProductCondition } from '../constants';

const MB = 1024 * 1024;

export const PRODUCT_LIMITS = {
  nameMax: 120,
  descriptionMax: 2000,
  /** Rupees. */
  priceMax: 1_000_000,
  quantityMax: 1000,
  searchMax: 100,
  /** Existing plus new images of one product. */
  maxImages: 5,
  /** Create form: one image under 5 MB. */
  createImageMaxBytes: 5 * MB,
  /** Edit form: up to 10 MB each (the form's hint). */
  editImageMaxBytes: 10 * MB,
  /** Decoded size limit (decompression bombs): width × height. */
  maxImagePixels: 40_000_000,
  /** Longest side of the stored full-size WebP. */
  fullSizePx: 1600,
  /** Longest side of the stored thumbnail. */
  thumbnailPx: 400,
} as const;

/** How long a listing stays up untouched, how often it may be bumped, when its seller is warned. */
export const PRODUCT_LIFETIME = {
  /** Listing, editing, renewing or bumping gives it this many days. */
  days: 30,
  /** One bump to the top of "Newest" per this many hours. */
  bumpEveryHours: 72,
  /** The seller is told this many days before it expires. */
  warnDays: 3,
} as const;

/**
 * The photo formats the server decodes and stores (any other file is refused, whatever its name or
 * type says): the type a browser gives such a file, the name people know it by, and the format as
 * the server's image decoder reports it. The file inputs, the forms' checks and hints and the
 * refusal messages are made from this list.
 */
export const PRODUCT_IMAGE_FORMATS = [
  { type: 'image/png', name: 'PNG', decoded: 'png' },
  { type: 'image/jpeg', name: 'JPG', decoded: 'jpeg' },
  { type: 'image/gif', name: 'GIF', decoded: 'gif' },
  { type: 'image/webp', name: 'WebP', decoded: 'webp' },
] as const;

type ProductImageType = (typeof PRODUCT_IMAGE_FORMATS)[number]['type'];

/** What the file inputs accept; the server checks the decoded image, not these labels. */
export const PRODUCT_IMAGE_TYPES: readonly ProductImageType[] = PRODUCT_IMAGE_FORMATS.map((f) => f.type);

export const PRODUCT_IMAGE_ACCEPT = PRODUCT_IMAGE_TYPES.join(',');

const formatNames = PRODUCT_IMAGE_FORMATS.map((f) => f.name);
/** The accepted formats as a sentence names them: 'PNG, JPG, GIF or WebP'. */
export const PRODUCT_IMAGE_FORMAT_NAMES = `${formatNames.slice(0, -1).join(', ')} or ${formatNames.at(-1)}`;

/** Every user-visible text of the marketplace: validation, permissions, lookups and toasts. */
export const PRODUCT_MESSAGES = {
  // create form
  nameRequired: 'Product name is required',
  descriptionRequired: 'Description is required',
  priceRequired: 'Price is required',
  priceInvalid: 'Please enter a valid price',
  categoryRequired: 'Category is required',
  imageRequired: 'Please upload an image of your product',
  imageTooLarge: 'Image size should be less than 5MB',
  quantityMin: 'Quantity must be at least 1',
  // edit form
  requiredFields: 'Please fill in all required fields',
  pricePositive: 'Price must be greater than 0',
  quantityPositive: 'Quantity must be greater than 0',
  maxImages: `You can upload maximum ${PRODUCT_LIMITS.maxImages} images`,
  editImageTooLarge: 'Each image should be less than 10MB',
  // both
  nameTooLong: `Product name must be at most ${PRODUCT_LIMITS.nameMax} characters`,
  descriptionTooLong: `Description must be at most ${PRODUCT_LIMITS.descriptionMax} characters`,
  priceTooHigh: `Price must be at most ₹${PRODUCT_LIMITS.priceMax.toLocaleString('en-IN')}`,
  priceDecimals: 'Price can have at most 2 decimal places',
  categoryInvalid: 'Please choose a category from the list',
  conditionInvalid: 'Please choose a condition from the list',
  quantityInvalid: 'Quantity must be a whole number',
  quantityTooHigh: `Quantity must be at most ${PRODUCT_LIMITS.quantityMax}`,
  negotiableInvalid: 'isNegotiable must be true or false',
  imageType: `Please upload a ${PRODUCT_IMAGE_FORMAT_NAMES} image`,
  imageCorrupt: `This image file is damaged or incomplete. Please upload a ${PRODUCT_IMAGE_FORMAT_NAMES} image`,
  imagePixels: 'This image has too many pixels (at most 40 megapixels). Please upload a smaller photo',
  unknownExistingImage:
    'One of the kept images no longer belongs to this product. Please reload and try again',
  // permissions and lookups
  onlyHostellers: 'Only hostellers can edit products',
  onlyHostellersSell: 'Only hostellers can sell products',
  notSeller: 'You are not authorized to edit this product',
  notFound: 'Product not found',
  // toasts
  listed: 'Product listed successfully!',
  updated: 'Product updated successfully!',
  listFailed: 'Failed to list product. Please try again.',
  updateFailed: 'Failed to update product',
  // lifetime
  expired: 'This listing has expired',
  renewSold: 'A sold product cannot be renewed',
  bumpNotAvailable: 'Only an available product can be bumped',
  bumpTooSoon: (hours: number) =>
    `You can bump this listing once every ${PRODUCT_LIFETIME.bumpEveryHours} hours. Try again in ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
  renewed: 'Listing renewed for 30 days',
  bumped: 'Moved to the top of Newest',
} as const;

/**
 * One canonical vocabulary covers the words of both forms. Labels for the UI, canonical value → label.
 * The edit form's 'used' has no canonical twin; it is read as 'good' (see normalizeProductCondition).
 */
export const PRODUCT_CATEGORY_LABELS: Record<ProductCategory, string> = {
  books: 'Books',
  electronics: 'Electronics',
  clothing: 'Clothing',
  furniture: 'Furniture',
  food: 'Food',
  sports: 'Sports',
  musical: 'Musical',
  decor: 'Decor',
  cycles: 'Cycles',
  stationery: 'Stationery',
  'room-essentials': 'Room essentials',
  other: 'Other',
};

export const PRODUCT_CONDITION_LABELS: Record<ProductCondition, string> = {
  new: 'New',
  'like-new': 'Like New',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

export const DEFAULT_PRODUCT_CONDITION: ProductCondition = 'good';

/**
 * Input labels that are not canonical values, mapped to the canonical condition:
 * - 'like new' (create form, with a space) → 'like-new';
 * - 'used' (edit form and marketplace filter) → 'good': a used item in normal working order, which is
 *   also the create form's default. 'fair' and 'poor' stay available for worse items.
 * The API always answers canonical values.
 */
export const PRODUCT_CONDITION_ALIASES: Readonly<Record<string, ProductCondition>> = {
  used: 'good',
  'like new': 'like-new',
  likenew: 'like-new',
  like_new: 'like-new',
};

/** A condition label from either form (any case) → the canonical value; anything else is returned unchanged. */
export function normalizeProductCondition(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  return PRODUCT_CONDITION_ALIASES[v] ?? v;
}

export const PRODUCT_SORTS = ['recent', 'price-low', 'price-high'] as const;

export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** `all` includes sold items; without a status, sold items are hidden (the marketplace default). */
export const PRODUCT_STATUS_FILTERS = ['all', ...PRODUCT_STATUSES] as const;

export type ProductStatusFilter = (typeof PRODUCT_STATUS_FILTERS)[number];

/** What the people who saved a product are told of it (`price` already formatted). */
export const PRODUCT_NOTICES = {
  priceDrop: (product: string, price: string) => `Price drop: ${product} is now ${price}`,
  sold: (product: string) => `${product} was sold`,
  reserved: (product: string) => `${product} was reserved`,
  deleted: (product: string) => `${product}, which you saved, was deleted`,
  /** To the seller, before the listing leaves the marketplace. */
  expiring: (product: string) =>
    `${product} expires in ${PRODUCT_LIFETIME.warnDays} days. Renew it to keep it listed`,
} as const;

/**
 * Campus price guidance on the sell and edit forms (GET /products/price-guide): what similar items
 * sold to named members for in the last year, in the same category.
 */
export const PRICE_GUIDE_LIMITS = {
  /** Fewer sales than this say nothing. */
  minSales: 3,
  /** From this many sales the range is the middle half (25th to 75th percentile); below, lowest to highest. */
  middleHalfFrom: 5,
  /** Sales older than this many days do not count. */
  windowDays: 365,
  nameMax: 100,
  /** Words of the name shorter than this are left out (at most `maxWords` are used). */
  wordMin: 2,
  maxWords: 8,
  /** Look-ups per account a minute (the forms ask once typing pauses). */
  perMinute: 60,
  /** How long the forms wait after the last keystroke before asking. */
  debounceMs: 400,
} as const;

export const PRICE_GUIDE_MESSAGES = {
  nameRequired: 'Product name is required',
  nameTooLong: `Product name must be at most ${PRICE_GUIDE_LIMITS.nameMax} characters`,
  categoryInvalid: 'Please choose a category from the list',
  excludeIdInvalid: 'Invalid product id',
  /**
   * The forms' line under the price, amounts already formatted: 'Similar items sold on campus:
   * ₹1,800–₹2,600 (median ₹2,200, 7 sales in the last year)'; one amount when the range is one price.
   */
  line: (low: string, high: string, median: string, count: number) =>
    `Similar items sold on campus: ${low === high ? low : `${low}–${high}`} (median ${median}, ${count} ${
      count === 1 ? 'sale' : 'sales'
    } in the last year)`,
} as const;
