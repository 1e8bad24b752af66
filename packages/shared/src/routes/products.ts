import { z } from 'zod';
import { PRODUCT_CATEGORIES, PRODUCT_CONDITIONS } from '../constants';
import { PRODUCT_CONDITION_ALIASES, PRODUCT_LIMITS } from '../messages/products';
import {
  buyerCandidatesResponseSchema,
  markSoldSchema,
  saveResponseSchema,
  savedListQuerySchema,
  savedListResponseSchema,
} from '../schemas/market';
import {
  priceGuideQuerySchema,
  priceGuideResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  updateProductStatusSchema,
} from '../schemas/products';
import { idParams, route } from './contract';

/**
 * OpenAPI description of the two multipart bodies. They are read and checked by the routes'
 * multipart hooks (createProductSchema / updateProductSchema; files through the image pipeline in
 * the service): a multipart request
 * has no parsed body at validation time (null), hence `.nullish()`; other content types are refused
 * with a 415 before validation.
 */
const formFields = {
  name: z.string().min(1).max(PRODUCT_LIMITS.nameMax).describe('Product name'),
  description: z.string().min(1).max(PRODUCT_LIMITS.descriptionMax),
  price: z
    .string()
    // Up to the price limit, in a form the document can state: digits, a dot, two decimals.
    .regex(/^(?!0+(\.0+)?$)\d{1,6}(\.\d{1,2})?$/)
    .describe('Rupees, > 0, at most 2 decimals'),
  category: z.enum(PRODUCT_CATEGORIES).optional().describe('Required when listing; kept when absent on edit'),
  condition: z
    .enum([...PRODUCT_CONDITIONS, ...Object.keys(PRODUCT_CONDITION_ALIASES)])
    .optional()
    .describe(`${PRODUCT_CONDITIONS.join(', ')}; also 'like new' and 'used' (= good). Default good`),
  quantity: z
    .string()
    .regex(/^([1-9]\d{0,2}|1000)$/)
    .optional()
    .describe(`Whole number from 1 to ${PRODUCT_LIMITS.quantityMax} (default 1)`),
  isNegotiable: z.enum(['true', 'false']).optional().describe('true or false (default false)'),
};
const createBodyDoc = z
  .object({
    ...formFields,
    category: z.enum(PRODUCT_CATEGORIES),
    images: z
      .array(z.file())
      .describe('1 to 5 PNG, JPG, GIF or WebP images, 5 MB each; the first is the cover'),
  })
  .nullish();
const updateBodyDoc = z
  .object({
    ...formFields,
    existingImages: z
      .array(z.string())
      .optional()
      .describe('Image URLs to keep, in order (repeated field or one JSON array); absent keeps all'),
    images: z.array(z.file()).optional().describe('New images, 10 MB each; kept + new = 1 to 5'),
  })
  .nullish();

const tags = ['products'] as const;
const one = { 200: productResponseSchema } as const;
const multipart = ['multipart/form-data'] as const;

// The marketplace list and one product.
export const list = route({
  method: 'GET',
  path: '/products',
  tags,
  description: 'Sold items are hidden unless status or includeSold says otherwise.',
  query: productListQuerySchema,
  response: { 200: productListResponseSchema },
});
export const get = route({
  method: 'GET',
  path: '/products/:id',
  tags,
  description: "404 while the seller is suspended (but to moderators) or after a moderator's removal.",
  params: idParams,
  response: one,
});

// Campus price guidance for the sell and edit forms.
export const priceGuide = route({
  method: 'GET',
  path: '/products/price-guide',
  tags,
  description:
    'What similar items (same category, a word of the name in common) sold to named members for in the last 365 days, at their listing prices: whole rupees, the middle half of the prices from 5 sales (lowest to highest below), the median and the count; `guide` is null below 3 sales. `excludeId` leaves out the product being edited. 60 a minute per account.',
  query: priceGuideQuerySchema,
  response: { 200: priceGuideResponseSchema },
});

// Listing a product and editing it: multipart forms with images.
export const create = route({
  method: 'POST',
  path: '/products',
  tags,
  description: 'Hostellers only. multipart/form-data with 1 to 5 `images` files, in display order.',
  consumes: multipart,
  body: createBodyDoc,
  response: { 201: productResponseSchema },
});
export const update = route({
  method: 'PUT',
  path: '/products/:id',
  tags,
  description: 'The seller only. multipart/form-data; kept plus new images: 1 to 5.',
  consumes: multipart,
  params: idParams,
  body: updateBodyDoc,
  response: one,
});

// The seller's status changes, the buyers they may name, and deletion.
export const setStatus = route({
  method: 'PATCH',
  path: '/products/:id/status',
  tags,
  description: 'The seller only: available, reserved or sold.',
  params: idParams,
  body: updateProductStatusSchema,
  response: one,
});
export const markSold = route({
  method: 'PUT',
  path: '/products/:id/sold',
  tags,
  description:
    'The seller only: marks it sold, to a buyer who messaged the seller about it or made an offer on it, or to someone else.',
  params: idParams,
  body: markSoldSchema,
  response: one,
});
export const buyers = route({
  method: 'GET',
  path: '/products/:id/buyers',
  tags,
  description: 'The seller only: who may be named as the buyer.',
  params: idParams,
  response: { 200: buyerCandidatesResponseSchema },
});
export const remove = route({
  method: 'DELETE',
  path: '/products/:id',
  tags,
  description: 'The seller only. Removes the product and its image files.',
  params: idParams,
  response: { 204: { description: 'Deleted', content: {} } },
});

// A listing's lifetime: renewing it, and bumping it to the top of "Newest".
export const renew = route({
  method: 'POST',
  path: '/products/:id/renew',
  tags,
  description:
    'The seller only, while not sold: the listing stays up 30 more days (an expired one comes back).',
  params: idParams,
  response: one,
});
export const bump = route({
  method: 'POST',
  path: '/products/:id/bump',
  tags,
  description:
    'The seller only, while available: moves it to the top of "Newest" and renews it; once every 72 hours (before then 409, with a Retry-After header in seconds).',
  params: idParams,
  response: one,
});

// A buyer's saved products.
export const saved = route({
  method: 'GET',
  path: '/products/saved',
  tags,
  description: 'The products the viewer saved, newest save first.',
  query: savedListQuerySchema,
  response: { 200: savedListResponseSchema },
});
export const save = route({
  method: 'PUT',
  path: '/products/:id/save',
  tags,
  params: idParams,
  response: { 200: saveResponseSchema },
});
export const unsave = route({
  method: 'DELETE',
  path: '/products/:id/save',
  tags,
  params: idParams,
  response: { 200: saveResponseSchema },
});
