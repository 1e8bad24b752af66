import { z } from 'zod';
import { PRODUCT_CATEGORIES, PRODUCT_CONDITIONS, PRODUCT_STATUSES } from '../constants';
import { paginationQuerySchema, userText } from './common';
import { charactersNotAllowed } from '../messages/common';
import {
  PRODUCT_LIMITS,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_MESSAGES,
  DEFAULT_PRODUCT_CONDITION,
  normalizeProductCondition,
  PRODUCT_SORTS,
  PRODUCT_STATUS_FILTERS,
  PRICE_GUIDE_LIMITS,
  PRICE_GUIDE_MESSAGES,
} from '../messages/products';

/** Empty form fields ('' or only spaces) and null count as "not given". */
const blank = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v;
const toNumber = (v: unknown) => {
  const b = blank(v);
  return typeof b === 'string' ? Number(b.trim()) : b;
};
const lower = (v: unknown) => {
  const b = blank(v);
  return typeof b === 'string' ? b.trim().toLowerCase() : b;
};
const TRUE_WORDS = ['true', '1', 'on', 'yes'];
const FALSE_WORDS = ['false', '0', 'off', 'no'];
const toBoolean = (v: unknown) => {
  const b = blank(v);
  if (typeof b !== 'string') return b;
  const s = b.trim().toLowerCase();
  return TRUE_WORDS.includes(s) ? true : FALSE_WORDS.includes(s) ? false : b;
};
const hasAtMostTwoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

const text = (kind: 'line' | 'text', what: string, max: number, required: string, tooLong: string) =>
  z.preprocess(
    blank,
    userText(kind, charactersNotAllowed(what), { error: required }).trim().min(1, required).max(max, tooLong),
  );

/**
 * Rupees, > 0, at most 2 decimals (stored as integer paise). One message per bad value, added without
 * aborting so form-level checks (image count) still run next to it.
 */
const priceField = (m: { required: string; invalid: string; notPositive: string }) =>
  z.preprocess(
    toNumber,
    z.number({ error: (iss) => (iss.input === undefined ? m.required : m.invalid) }).superRefine((v, ctx) => {
      const message = !Number.isFinite(v)
        ? m.invalid
        : v <= 0
          ? m.notPositive
          : v > PRODUCT_LIMITS.priceMax
            ? PRODUCT_MESSAGES.priceTooHigh
            : !hasAtMostTwoDecimals(v)
              ? PRODUCT_MESSAGES.priceDecimals
              : undefined;
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  );

const quantityField = (belowOne: string) =>
  z
    .number({ error: PRODUCT_MESSAGES.quantityInvalid })
    .int(PRODUCT_MESSAGES.quantityInvalid)
    .min(1, belowOne)
    .max(PRODUCT_LIMITS.quantityMax, PRODUCT_MESSAGES.quantityTooHigh);

const categoryEnum = z.enum(PRODUCT_CATEGORIES, {
  error: (iss) =>
    iss.input === undefined ? PRODUCT_MESSAGES.categoryRequired : PRODUCT_MESSAGES.categoryInvalid,
});
const conditionEnum = z.enum(PRODUCT_CONDITIONS, { error: PRODUCT_MESSAGES.conditionInvalid });
const negotiableField = z.boolean({ error: PRODUCT_MESSAGES.negotiableInvalid });

/**
 * POST /products fields (multipart text fields, or form values). Keys in the order they are checked:
 * name, description, price, category; then condition (default good), quantity (default 1), negotiable.
 */
export const createProductSchema = z.object({
  name: text(
    'line',
    'Product name',
    PRODUCT_LIMITS.nameMax,
    PRODUCT_MESSAGES.nameRequired,
    PRODUCT_MESSAGES.nameTooLong,
  ),
  description: text(
    'text',
    'Description',
    PRODUCT_LIMITS.descriptionMax,
    PRODUCT_MESSAGES.descriptionRequired,
    PRODUCT_MESSAGES.descriptionTooLong,
  ),
  price: priceField({
    required: PRODUCT_MESSAGES.priceRequired,
    invalid: PRODUCT_MESSAGES.priceInvalid,
    notPositive: PRODUCT_MESSAGES.priceInvalid,
  }),
  category: z.preprocess(lower, categoryEnum),
  condition: z.preprocess(
    (v) => normalizeProductCondition(blank(v) ?? DEFAULT_PRODUCT_CONDITION),
    conditionEnum,
  ),
  quantity: z.preprocess((v) => toNumber(v) ?? 1, quantityField(PRODUCT_MESSAGES.quantityMin)),
  isNegotiable: z.preprocess((v) => toBoolean(v) ?? false, negotiableField),
});
export type CreateProductBody = z.infer<typeof createProductSchema>;
export type CreateProductInput = z.input<typeof createProductSchema>;

/**
 * The kept images of an edit: repeated `existingImages` fields, or one field holding a JSON array.
 * Each entry is an image URL as the API gave it (path or absolute URL). Absent = keep every image.
 */
export const existingImagesField = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return undefined;
    const list = Array.isArray(v) ? v : [v];
    return list.flatMap((item) => {
      if (typeof item !== 'string') return [item];
      const s = item.trim();
      if (s === '') return [];
      if (s.startsWith('[')) {
        try {
          const parsed: unknown = JSON.parse(s);
          return Array.isArray(parsed) ? parsed : [parsed];
        } catch {
          return [s];
        }
      }
      return [s];
    });
  },
  z
    .array(
      userText('line', 'existingImages must list image URLs', {
        error: 'existingImages must list image URLs',
      }).max(500),
      {
        error: 'existingImages must list image URLs',
      },
    )
    .max(PRODUCT_LIMITS.maxImages, PRODUCT_MESSAGES.maxImages)
    .optional(),
);

/**
 * PUT /products/{id} fields. Name, description and price are required ('Please fill in all required
 * fields'); category, condition, quantity and negotiable keep their stored value when absent.
 */
export const updateProductSchema = z.object({
  name: text(
    'line',
    'Product name',
    PRODUCT_LIMITS.nameMax,
    PRODUCT_MESSAGES.requiredFields,
    PRODUCT_MESSAGES.nameTooLong,
  ),
  description: text(
    'text',
    'Description',
    PRODUCT_LIMITS.descriptionMax,
    PRODUCT_MESSAGES.requiredFields,
    PRODUCT_MESSAGES.descriptionTooLong,
  ),
  price: priceField({
    required: PRODUCT_MESSAGES.requiredFields,
    invalid: PRODUCT_MESSAGES.priceInvalid,
    notPositive: PRODUCT_MESSAGES.pricePositive,
  }),
  category: z.preprocess(lower, categoryEnum.optional()),
  condition: z.preprocess((v) => normalizeProductCondition(blank(v)), conditionEnum.optional()),
  quantity: z.preprocess(toNumber, quantityField(PRODUCT_MESSAGES.quantityPositive).optional()),
  isNegotiable: z.preprocess(toBoolean, negotiableField.optional()),
  existingImages: existingImagesField,
});
export type UpdateProductBody = z.infer<typeof updateProductSchema>;
export type UpdateProductInput = z.input<typeof updateProductSchema>;

/** A browser File seen structurally (shared imports no DOM types). */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}
const isFileLike = (v: unknown): v is FileLike =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as FileLike).size === 'number' &&
  typeof (v as FileLike).type === 'string';
const acceptedType = (f: FileLike) =>
  f.type === '' || (PRODUCT_IMAGE_TYPES as readonly string[]).includes(f.type);

/** One picked image in a form: type and size checked before upload (the server decodes it again). */
const imageFile = (maxBytes: number, tooLarge: string) =>
  z.custom<FileLike>(isFileLike, { error: PRODUCT_MESSAGES.imageRequired }).superRefine((f, ctx) => {
    if (!acceptedType(f)) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.imageType });
    else if (f.size > maxBytes) ctx.addIssue({ code: 'custom', message: tooLarge });
  });

/** The sell-product form: fields plus 1 to 5 images, each under 5 MB; the first is the cover. */
export const createProductFormSchema = createProductSchema.extend({
  images: z
    .array(imageFile(PRODUCT_LIMITS.createImageMaxBytes, PRODUCT_MESSAGES.imageTooLarge), {
      error: PRODUCT_MESSAGES.imageRequired,
    })
    .min(1, PRODUCT_MESSAGES.imageRequired)
    .max(PRODUCT_LIMITS.maxImages, PRODUCT_MESSAGES.maxImages),
});

const imageTotal = (v: { existingImages?: unknown; newImages?: unknown }) =>
  (Array.isArray(v.existingImages) ? v.existingImages.length : 0) +
  (Array.isArray(v.newImages) ? v.newImages.length : 0);

/**
 * The edit-product form: fields, the kept image URLs and new files (10 MB each), 1 to 5 images in total.
 * Errors about the total land on `images`.
 */
export const updateProductFormSchema = updateProductSchema
  .omit({ existingImages: true })
  .extend({
    existingImages: z.array(userText('line', 'existingImages must list image URLs')),
    newImages: z.array(imageFile(PRODUCT_LIMITS.editImageMaxBytes, PRODUCT_MESSAGES.editImageTooLarge)),
  })
  // Also checked when other fields are invalid, so the form shows every error at once.
  .refine((v) => imageTotal(v) <= PRODUCT_LIMITS.maxImages, {
    path: ['images'],
    message: PRODUCT_MESSAGES.maxImages,
    when: () => true,
  })
  .refine((v) => imageTotal(v) > 0, {
    path: ['images'],
    message: PRODUCT_MESSAGES.imageRequired,
    when: () => true,
  });

const allToUndefined = (v: unknown) => {
  const b = lower(v);
  return b === 'all' ? undefined : b;
};
const queryPrice = z.preprocess(
  toNumber,
  z
    .number({ error: 'Price must be a number' })
    .min(0, 'Price cannot be negative')
    .max(PRODUCT_LIMITS.priceMax, PRODUCT_MESSAGES.priceTooHigh)
    .optional(),
);

/**
 * GET /products. Prices in rupees. Sold items are left out unless `status` (one status or `all`) or
 * `includeSold=true` says otherwise. `sellerId` lists one seller's items.
 */
export const productListQuerySchema = paginationQuerySchema.extend({
  search: z.preprocess(
    blank,
    userText('line', charactersNotAllowed('Search'))
      .trim()
      .max(PRODUCT_LIMITS.searchMax, `Search must be at most ${PRODUCT_LIMITS.searchMax} characters`)
      .optional(),
  ),
  category: z.preprocess(
    allToUndefined,
    z.enum(PRODUCT_CATEGORIES, { error: 'Unknown category' }).optional(),
  ),
  condition: z.preprocess(
    (v) => normalizeProductCondition(allToUndefined(v)),
    z.enum(PRODUCT_CONDITIONS, { error: 'Unknown condition' }).optional(),
  ),
  minPrice: queryPrice,
  maxPrice: queryPrice,
  sort: z.preprocess(lower, z.enum(PRODUCT_SORTS, { error: 'Unknown sort' }).default('recent')),
  status: z.preprocess(lower, z.enum(PRODUCT_STATUS_FILTERS, { error: 'Unknown status' }).optional()),
  // The default inside the preprocess, so that the document calls the parameter optional.
  includeSold: z.preprocess(
    toBoolean,
    z.boolean({ error: 'includeSold must be true or false' }).default(false),
  ),
  sellerId: z.preprocess(blank, z.uuid({ error: 'Invalid seller id' }).optional()),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** PATCH /products/{id}/status (the seller). */
export const updateProductStatusSchema = z.object({
  status: z.enum(PRODUCT_STATUSES, { error: `Status must be one of ${PRODUCT_STATUSES.join(', ')}` }),
});
export type UpdateProductStatusBody = z.infer<typeof updateProductStatusSchema>;

/** The seller card of a product: no e-mail, phone or room. */
export const productSellerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
  /** Where on campus the seller lives (every seller is a hosteller), so buyers see how near it is. */
  hostelBlock: z.string().nullable(),
});

/** One product as every endpoint returns it. Price in rupees, times ISO 8601 UTC. */
/** What the viewer may do with a product now, decided on the server (the client keeps no copy). */
export const productCanSchema = z.object({
  edit: z.boolean(),
  contact: z.boolean(),
  markSold: z.boolean(),
  delete: z.boolean(),
  /** Anyone signed in but the seller may report the product to the moderators. */
  report: z.boolean(),
  /** Anyone but the seller, while the product is available. */
  offer: z.boolean(),
  /** Anyone but the seller may save (watch) it. */
  save: z.boolean(),
});
export type ProductCan = z.infer<typeof productCanSchema>;

export const productSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  /**
   * Rupees, on a sold product only, when what it sold for is known: sold to a named buyer, their
   * accepted offer, else the listing price (what the sale's settlement proposes). Absent otherwise.
   */
  soldPrice: z.number().optional(),
  quantity: z.number().int(),
  category: z.enum(PRODUCT_CATEGORIES),
  condition: z.enum(PRODUCT_CONDITIONS),
  isNegotiable: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  /** Full-size WebP (≤ 1600 px) URLs, cover first; relative paths resolve against the server origin. */
  images: z.array(z.string()),
  /** 400 px WebP thumbnails, same order as `images`. */
  thumbnails: z.array(z.string()),
  sellerId: z.uuid(),
  seller: productSellerSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the seller last moved it to the top of "Newest"; null: never. */
  bumpedAt: z.string().nullable(),
  /** When it leaves the marketplace unless edited, renewed or bumped before. */
  expiresAt: z.string(),
  /** Past `expiresAt`: in no list or search, still open by its link, marked "Expired". */
  expired: z.boolean(),
  can: productCanSchema,
  /** The viewer saved it (always written right after `can`: both are the viewer's part of a shared page). */
  isSaved: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productResponseSchema = z.object({ product: productSchema });
export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  /** Pass as ?cursor= (with the same filters and sort) for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ProductResponse = z.infer<typeof productResponseSchema>;
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/**
 * GET /products/price-guide: what similar items sold for. `name` is the product's name as typed
 * (its words of 2 or more characters are matched); `excludeId` leaves out the product being edited.
 */
export const priceGuideQuerySchema = z.object({
  category: z.enum(PRODUCT_CATEGORIES, {
    error: (iss) =>
      iss.input === undefined ? PRODUCT_MESSAGES.categoryRequired : PRICE_GUIDE_MESSAGES.categoryInvalid,
  }),
  name: userText('line', charactersNotAllowed('Product name'), { error: PRICE_GUIDE_MESSAGES.nameRequired })
    .min(1, PRICE_GUIDE_MESSAGES.nameRequired)
    .max(PRICE_GUIDE_LIMITS.nameMax, PRICE_GUIDE_MESSAGES.nameTooLong),
  excludeId: z.uuid({ error: PRICE_GUIDE_MESSAGES.excludeIdInvalid }).optional(),
});
export type PriceGuideQuery = z.infer<typeof priceGuideQuerySchema>;

/**
 * Rupees (whole): the range of what similar items sold for (the middle half from 5 sales, else
 * lowest to highest), its median and how many sales; null below 3 sales. Nothing about who sold or
 * bought them.
 */
export const priceGuideSchema = z.object({
  low: z.number().int(),
  high: z.number().int(),
  median: z.number().int(),
  count: z.number().int().min(PRICE_GUIDE_LIMITS.minSales),
});
export type PriceGuide = z.infer<typeof priceGuideSchema>;
export const priceGuideResponseSchema = z.object({ guide: priceGuideSchema.nullable() });
