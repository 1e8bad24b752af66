import { z } from 'zod';
import { RATING_TYPES, REQUEST_CATEGORIES, REQUEST_STATUSES } from '../constants';
import { paginationQuerySchema, userText } from './common';
import { userRefSchema } from './users';
import { charactersNotAllowed } from '../messages/common';
import {
  ON_THE_WAY,
  REQUEST_LIMITS,
  REQUEST_MESSAGES,
  REQUEST_SORTS,
  REQUEST_STATUS_FILTERS,
  DELIVERY_STATUS_FILTERS,
} from '../messages/requests';

/** Empty form fields ('' or only spaces) and null count as "not given". */
export const blank = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v;
/** Blank → undefined; a numeric string (form input) → its number. */
export const toNumber = (v: unknown) => {
  const b = blank(v);
  return typeof b === 'string' ? Number(b.trim()) : b;
};

interface RupeeMessages {
  required: string;
  invalid: string;
  min: string;
  max: string;
  decimals?: string;
}

const rupeeNumber = (messages: RupeeMessages) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? messages.required : messages.invalid) })
    .min(REQUEST_LIMITS.priceMin, messages.min)
    .max(REQUEST_LIMITS.priceMax, messages.max)
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      messages.decimals ?? REQUEST_MESSAGES.priceDecimals,
    )
    // The refinement, for the OpenAPI document: whole paise.
    .meta({ multipleOf: 0.01 });

/** Rupees with at most 2 decimals (stored as integer paise). */
export const rupees = (messages: RupeeMessages) => z.preprocess(toNumber, rupeeNumber(messages));

/** Optional rupees, by the same rules: blank (or null) is "not given". */
export const optionalRupees = (messages: Omit<RupeeMessages, 'required'>) =>
  z.preprocess(toNumber, rupeeNumber({ ...messages, required: messages.invalid }).optional());

/** The estimated cost of the goods, which the deliverer pays and gets back (never part of the fee). */
export const itemCostField = optionalRupees({
  invalid: REQUEST_MESSAGES.itemCostInvalid,
  min: REQUEST_MESSAGES.itemCostMin,
  max: REQUEST_MESSAGES.itemCostMax,
  decimals: REQUEST_MESSAGES.itemCostDecimals,
});

/** Where the items are bought ("Katpadi market"): one trimmed line, optional. */
export const pickupFromField = z.preprocess(
  blank,
  userText('line', charactersNotAllowed('Pickup place'), { error: REQUEST_MESSAGES.pickupFromInvalid })
    .trim()
    .max(REQUEST_LIMITS.pickupFromMax, REQUEST_MESSAGES.pickupFromTooLong)
    .optional(),
);

export const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** What the OpenAPI document says of such a field (its refinements do not convert). */
export const ISO_DATETIME_DOC = { format: 'date-time', pattern: ISO_DATETIME.source } as const;

/** An ISO 8601 date-time (send it with Z or an offset) in the future, at most a year ahead. */
export const deadlineField = z
  .preprocess(
    blank,
    z
      .string({
        error: (iss) =>
          iss.input === undefined ? REQUEST_MESSAGES.deadlineRequired : REQUEST_MESSAGES.deadlineInvalid,
      })
      .refine((s) => ISO_DATETIME.test(s) && !Number.isNaN(Date.parse(s)), {
        message: REQUEST_MESSAGES.deadlineInvalid,
        abort: true,
      })
      .transform((s) => new Date(s))
      .refine((d) => d.getTime() > Date.now(), { message: REQUEST_MESSAGES.deadlineFuture, abort: true })
      .refine((d) => d.getTime() <= Date.now() + REQUEST_LIMITS.deadlineMaxDays * 86_400_000, {
        message: REQUEST_MESSAGES.deadlineTooFar,
      }),
  )
  .meta(ISO_DATETIME_DOC);

export const requiredText = (what: string, max: number, required: string, tooLong: string) =>
  z.preprocess(
    blank,
    userText('line', charactersNotAllowed(what), { error: required })
      .trim()
      .min(1, required)
      .max(max, tooLong),
  );

/**
 * POST /requests. Keys are declared in the order they are checked, so the first error (the
 * toast) follows it: item name, expected price, deadline, delivery location
 * (docs/product.md#request-form).
 */
export const createRequestSchema = z.object({
  itemName: requiredText(
    'Item name',
    REQUEST_LIMITS.itemNameMax,
    REQUEST_MESSAGES.itemNameRequired,
    REQUEST_MESSAGES.itemNameTooLong,
  ),
  /** The delivery fee the requester pays the deliverer (the wire's name for it, docs/decisions/0025). */
  expectedPrice: rupees({
    required: REQUEST_MESSAGES.priceRequired,
    invalid: REQUEST_MESSAGES.priceInvalid,
    min: REQUEST_MESSAGES.priceMin,
    max: REQUEST_MESSAGES.priceMax,
  }),
  deadline: deadlineField,
  deliveryLocation: requiredText(
    'Delivery location',
    REQUEST_LIMITS.locationMax,
    REQUEST_MESSAGES.locationRequired,
    REQUEST_MESSAGES.locationTooLong,
  ),
  description: z.preprocess(
    (v) => blank(v) ?? '',
    userText('text', charactersNotAllowed('Description'))
      .trim()
      .max(REQUEST_LIMITS.descriptionMax, REQUEST_MESSAGES.descriptionTooLong),
  ),
  quantity: z.preprocess(
    (v) => toNumber(v) ?? 1,
    z
      .number({ error: REQUEST_MESSAGES.quantityInvalid })
      .int(REQUEST_MESSAGES.quantityInvalid)
      .min(1, REQUEST_MESSAGES.quantityMin)
      .max(REQUEST_LIMITS.quantityMax, REQUEST_MESSAGES.quantityMax),
  ),
  isUrgent: z.boolean({ error: 'isUrgent must be true or false' }).default(false),
  category: z.preprocess(
    blank,
    z.enum(REQUEST_CATEGORIES, { error: REQUEST_MESSAGES.categoryInvalid }).default('other'),
  ),
  /** The deliverer must type the requester's handover code to complete. */
  handoverCode: z.boolean({ error: 'handoverCode must be true or false' }).default(false),
  /** Rupees: the estimated cost of the goods (paid back to the deliverer; not the fee). */
  itemCost: itemCostField,
  /** Where the items are bought, ≤ 80 characters. */
  pickupFrom: pickupFromField,
  /**
   * The poster's own id for this post (a phone posting what was written offline sends one): sent
   * again, the same request is answered and no second one is made.
   */
  clientId: z.uuid({ error: 'clientId must be a UUID' }).optional(),
});
export type CreateRequestBody = z.infer<typeof createRequestSchema>;
export type CreateRequestInput = z.input<typeof createRequestSchema>;

/**
 * Rupees: what the receipt says the goods cost; only for a request with an item cost. Given on
 * picking up or on completing (PUT /requests/{id}/picked-up, /deliver).
 */
const receiptAmountField = optionalRupees({
  invalid: REQUEST_MESSAGES.receiptInvalid,
  min: REQUEST_MESSAGES.receiptMin,
  max: REQUEST_MESSAGES.receiptMax,
  decimals: REQUEST_MESSAGES.receiptDecimals,
});

/**
 * PUT /requests/{id}/deliver: the body and the notes are both optional; the handover code is needed
 * when the request asks for one (anything but its digits is simply not the code).
 */
export const deliverRequestSchema = z
  .object({
    deliveryNotes: z.preprocess(
      blank,
      userText('text', charactersNotAllowed('Delivery notes'))
        .trim()
        .max(REQUEST_LIMITS.deliveryNotesMax, REQUEST_MESSAGES.deliveryNotesTooLong)
        .optional(),
    ),
    handoverCode: z.preprocess(
      blank,
      userText('line', REQUEST_MESSAGES.handoverCodeWrong, { error: REQUEST_MESSAGES.handoverCodeWrong })
        .trim()
        .max(20, REQUEST_MESSAGES.handoverCodeWrong)
        .optional(),
    ),
    /**
     * Rupees: what the receipt says the goods cost; only for a request with an item cost. Replaces
     * one given on picking up; left out, that one stays.
     */
    actualItemCost: receiptAmountField,
  })
  .nullish();
export type DeliverRequestBody = z.infer<typeof deliverRequestSchema>;

/** PUT /requests/{id}/picked-up: the body is optional; the receipt amount may be given now already. */
export const pickedUpRequestSchema = z
  .object({
    /** Rupees: what the receipt says the goods cost; only for a request with an item cost. */
    actualItemCost: receiptAmountField,
  })
  .nullish();
export type PickedUpRequestBody = z.infer<typeof pickedUpRequestSchema>;

/** PUT /requests/{id}/on-the-way: about how many minutes until the deliverer arrives (a whole number, 1 to 120). */
export const onTheWaySchema = z.object({
  minutes: z.preprocess(
    toNumber,
    z
      .number({
        error: (iss) =>
          iss.input === undefined ? REQUEST_MESSAGES.etaMinutesRequired : REQUEST_MESSAGES.etaMinutesInvalid,
      })
      .int(REQUEST_MESSAGES.etaMinutesInvalid)
      .min(ON_THE_WAY.minutesMin, REQUEST_MESSAGES.etaMinutesMin)
      .max(ON_THE_WAY.minutesMax, REQUEST_MESSAGES.etaMinutesMax),
  ),
});
export type OnTheWayBody = z.infer<typeof onTheWaySchema>;

/** PUT /requests/{id}/repost: an expired request goes back to the list with a new deadline. */
export const repostRequestSchema = z.object({ deadline: deadlineField });
export type RepostRequestBody = z.infer<typeof repostRequestSchema>;

const queryText = z.preprocess(
  blank,
  userText('line', charactersNotAllowed('Search'))
    .trim()
    .max(REQUEST_LIMITS.searchMax, `Must be at most ${REQUEST_LIMITS.searchMax} characters`)
    .optional(),
);
const queryFee = z.preprocess(
  toNumber,
  z
    .number({ error: 'Fee must be a number' })
    .min(0, 'Fee cannot be negative')
    .max(REQUEST_LIMITS.priceMax * 10, 'Fee is too large')
    .optional(),
);

/** GET /dayscholar/requests/available. Fees in rupees; the list is pending, open and not past its deadline. */
export const availableRequestsQuerySchema = paginationQuerySchema.extend({
  search: queryText,
  location: queryText,
  /** Text the pickup place contains (any case). */
  pickupFrom: queryText,
  minFee: queryFee,
  maxFee: queryFee,
  sort: z.preprocess(blank, z.enum(REQUEST_SORTS, { error: 'Unknown sort' }).default('newest')),
});
export type AvailableRequestsQuery = z.infer<typeof availableRequestsQuerySchema>;

/** GET /requests/my-requests. */
export const myRequestsQuerySchema = paginationQuerySchema.extend({
  status: z.preprocess(blank, z.enum(REQUEST_STATUS_FILTERS, { error: 'Unknown status' }).default('all')),
});
export type MyRequestsQuery = z.infer<typeof myRequestsQuerySchema>;

/** GET /requests/my-deliveries. */
export const myDeliveriesQuerySchema = paginationQuerySchema.extend({
  status: z.preprocess(blank, z.enum(DELIVERY_STATUS_FILTERS, { error: 'Unknown status' }).default('all')),
});
export type MyDeliveriesQuery = z.infer<typeof myDeliveriesQuerySchema>;

/** Dashboard lists: a few rows, no cursor. */
export const recentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

/** Shown only to the assigned deliverer while the request is accepted (needed to deliver). */
export const requestContactSchema = z.object({
  phoneNumber: z.string().nullable(),
  hostelBlock: z.string().nullable(),
  roomNumber: z.string().nullable(),
});

/**
 * What the viewer may do with a request now, decided on the server; the client shows a button for
 * each true value and nothing else. `accept` leaves out the cap on active deliveries (an accept past
 * it is refused with a message that says why).
 */
export const requestCanSchema = z.object({
  accept: z.boolean(),
  complete: z.boolean(),
  cancel: z.boolean(),
  cancelDelivery: z.boolean(),
  /** The deliverer may mark the accepted request picked up (once). */
  pickUp: z.boolean(),
  /**
   * The deliverer of an accepted request they picked up may say they are on the way, with about how
   * many minutes (again, to update the estimate).
   */
  onTheWay: z.boolean(),
  rate: z.boolean(),
  chat: z.boolean(),
  /** The requester may put an expired request back on the list with a new deadline. */
  repost: z.boolean(),
  /**
   * The requester may confirm they received the items (completes an accepted request), once its
   * deliverer has acted on it.
   */
  confirmReceipt: z.boolean(),
  /** Anyone signed in but the requester may report the request to the moderators. */
  report: z.boolean(),
});
export type RequestCan = z.infer<typeof requestCanSchema>;

/** One delivery request as every endpoint returns it. Money in rupees, times ISO 8601 UTC. */
export const requestSchema = z.object({
  id: z.uuid(),
  /** Short sequential display number (#42). */
  number: z.number().int(),
  requesterId: z.uuid(),
  requester: userRefSchema,
  delivererId: z.uuid().nullable(),
  deliverer: userRefSchema.nullable(),
  itemName: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  /** Rupees: the delivery fee, what the deliverer earns. */
  expectedPrice: z.number(),
  /** Rupees: the estimated cost of the goods, paid back to the deliverer; null when not given. */
  itemCost: z.number().nullable(),
  /** Rupees: what the receipt said, given by the deliverer on completing; null until then. */
  actualItemCost: z.number().nullable(),
  /** Where the items are bought; null when not given. */
  pickupFrom: z.string().nullable(),
  /** The trip this request rides on (GET /trips/{id}); null otherwise. */
  tripId: z.uuid().nullable(),
  /** The shared run this request is a part of (GET /runs/{id}); null otherwise. */
  runId: z.uuid().nullable(),
  deadline: z.string(),
  deliveryLocation: z.string(),
  isUrgent: z.boolean(),
  category: z.enum(REQUEST_CATEGORIES),
  status: z.enum(REQUEST_STATUSES),
  deliveryNotes: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  /**
   * When the deliverer acted on the accepted request (marked it picked up, typed the handover code,
   * completed it); null before, and again when it goes back to pending.
   */
  pickedUpAt: z.string().nullable(),
  /**
   * When its deliverer last said they are on the way (after picking it up); null before, and again
   * when it goes back to pending.
   */
  onTheWayAt: z.string().nullable(),
  /** When its deliverer expects to arrive (the last estimate they gave); null when onTheWayAt is. */
  arrivalEta: z.string().nullable(),
  deliveryTime: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The requester's phone and room, for the assigned deliverer of an accepted request; otherwise null. */
  contact: requestContactSchema.nullable(),
  /** The deliverer must type the requester's handover code to complete. */
  handoverRequired: z.boolean(),
  /** The handover code, for the requester of an accepted request only; otherwise null. */
  handoverCode: z.string().nullable(),
  /** Too many wrong codes were typed: only the requester's confirmation completes it now. */
  handoverLocked: z.boolean(),
  /** True when the viewer is a party of this completed request and has already rated the other party. */
  viewerHasRated: z.boolean(),
  /** The stars (1 to 5) the viewer gave the other party of this request; null before they rate. */
  viewerRating: z.number().int().nullable(),
  /** Pending with its deadline passed: no longer on the list until its requester reposts it. */
  isExpired: z.boolean(),
  /** The other party for this viewer: whom Chat opens and Rate rates (null when there is none yet). */
  counterpart: userRefSchema.nullable(),
  /** The direction of the viewer's rating when they are a party of the request; otherwise null. */
  ratingType: z.enum(RATING_TYPES).nullable(),
  can: requestCanSchema,
});
export type DeliveryRequest = z.infer<typeof requestSchema>;

export const requestResponseSchema = z.object({ request: requestSchema });
export const requestListResponseSchema = z.object({
  requests: z.array(requestSchema),
  /** Pass as ?cursor= for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export const deliveryListResponseSchema = z.object({
  deliveries: z.array(requestSchema),
  nextCursor: z.string().nullable(),
});
export type RequestListResponse = z.infer<typeof requestListResponseSchema>;
export type DeliveryListResponse = z.infer<typeof deliveryListResponseSchema>;
