import { z } from 'zod';
import { REQUEST_CATEGORIES, RUN_STATUSES } from '../constants';
import { charactersNotAllowed } from '../messages/common';
import { REQUEST_LIMITS, REQUEST_MESSAGES } from '../messages/requests';
import { RUN_LIMITS, RUN_MESSAGES, TRIP_LIMITS, TRIP_MESSAGES } from '../messages/logistics';
import { paginationQuerySchema, userText } from './common';
import {
  blank,
  deadlineField,
  ISO_DATETIME,
  ISO_DATETIME_DOC,
  itemCostField,
  requestSchema,
  requiredText,
  rupees,
  toNumber,
} from './requests';
import { userRefSchema } from './users';

const HOUR = 3_600_000;

interface TimeMessages {
  required: string;
  invalid: string;
  future: string;
  tooFar: string;
}

/** An ISO 8601 date-time (with Z or an offset) in the future, at most `hours` ahead. */
const soonTime = (m: TimeMessages, hours: number) =>
  z
    .preprocess(
      blank,
      z
        .string({ error: (iss) => (iss.input === undefined ? m.required : m.invalid) })
        .refine((s) => ISO_DATETIME.test(s) && !Number.isNaN(Date.parse(s)), {
          message: m.invalid,
          abort: true,
        })
        .transform((s) => new Date(s))
        .refine((d) => d.getTime() > Date.now(), { message: m.future, abort: true })
        .refine((d) => d.getTime() <= Date.now() + hours * HOUR, { message: m.tooFar }),
    )
    .meta(ISO_DATETIME_DOC);

/** POST /trips (day scholar). Both times within 48 h; the cutoff before the arrival. */
export const createTripSchema = z
  .object({
    from: requiredText(
      'Coming from',
      TRIP_LIMITS.fromMax,
      TRIP_MESSAGES.fromRequired,
      TRIP_MESSAGES.fromTooLong,
    ),
    arriveAt: soonTime(
      {
        required: TRIP_MESSAGES.arriveAtRequired,
        invalid: TRIP_MESSAGES.arriveAtInvalid,
        future: TRIP_MESSAGES.arriveAtFuture,
        tooFar: TRIP_MESSAGES.arriveAtTooFar,
      },
      TRIP_LIMITS.hoursAhead,
    ),
    cutoffAt: soonTime(
      {
        required: TRIP_MESSAGES.cutoffRequired,
        invalid: TRIP_MESSAGES.cutoffInvalid,
        future: TRIP_MESSAGES.cutoffFuture,
        tooFar: TRIP_MESSAGES.arriveAtTooFar,
      },
      TRIP_LIMITS.hoursAhead,
    ),
    capacity: z.preprocess(
      toNumber,
      z
        .number({ error: TRIP_MESSAGES.capacityInvalid })
        .int(TRIP_MESSAGES.capacityInvalid)
        .min(TRIP_LIMITS.capacityMin, TRIP_MESSAGES.capacityRange)
        .max(TRIP_LIMITS.capacityMax, TRIP_MESSAGES.capacityRange),
    ),
    note: z.preprocess(
      blank,
      userText('text', charactersNotAllowed('Note'))
        .trim()
        .max(TRIP_LIMITS.noteMax, TRIP_MESSAGES.noteTooLong)
        .optional(),
    ),
  })
  .refine((t) => t.cutoffAt.getTime() < t.arriveAt.getTime(), {
    path: ['cutoffAt'],
    message: TRIP_MESSAGES.cutoffBeforeArrival,
  });
export type CreateTripBody = z.infer<typeof createTripSchema>;
export type CreateTripInput = z.input<typeof createTripSchema>;

/** PUT /trips/{id}/attach and /detach (hosteller): one of their own requests. */
export const tripRequestSchema = z.object({
  requestId: z.uuid({ error: TRIP_MESSAGES.requestRequired }),
});
export type TripRequestBody = z.infer<typeof tripRequestSchema>;

/** The runner as a trip card shows them. */
export const runnerSchema = userRefSchema.extend({
  /** Average stars as a deliverer; null before any rating. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});

export const tripCanSchema = z.object({
  /** A hosteller may attach one of their pending requests now (before the cutoff, not full, not blocked). */
  attach: z.boolean(),
  /**
   * A hosteller may detach one of their requests (one on it their runner has not picked up yet,
   * before the cutoff).
   */
  detach: z.boolean(),
  /** The ids of the viewer's requests on it they may take off now (empty when `detach` is false). */
  detachable: z.array(z.uuid()),
  /** The runner may cancel the trip (open, not cancelled). */
  cancel: z.boolean(),
  /** The runner may read the stop list. */
  stops: z.boolean(),
});
export type TripCan = z.infer<typeof tripCanSchema>;

/**
 * One trip. `status`: open until its cutoff, then closed (requests ride on it until delivered), or
 * cancelled by its runner. `requests`: in GET /trips/{id} every attached request for the runner, a
 * hosteller's own for them; empty in the list.
 */
export const tripSchema = z.object({
  id: z.uuid(),
  runner: runnerSchema,
  from: z.string(),
  arriveAt: z.string(),
  cutoffAt: z.string(),
  capacity: z.number().int(),
  /** How many requests are on it now. */
  attached: z.number().int(),
  note: z.string().nullable(),
  status: z.enum(['open', 'closed', 'cancelled']),
  createdAt: z.string(),
  requests: z.array(requestSchema),
  can: tripCanSchema,
});
export type Trip = z.infer<typeof tripSchema>;
export const tripResponseSchema = z.object({ trip: tripSchema });
export const tripListResponseSchema = z.object({ trips: z.array(tripSchema) });
export type TripListResponse = z.infer<typeof tripListResponseSchema>;

/** One stop of the runner's walk: where, and which requests it serves. */
export const tripStopSchema = z.object({
  kind: z.enum(['pickup', 'drop']),
  /** The pickup place or the delivery location, as the first request of the group spells it. */
  place: z.string(),
  items: z.array(
    z.object({
      requestId: z.uuid(),
      number: z.number().int(),
      itemName: z.string(),
      quantity: z.number().int(),
      status: z.string(),
    }),
  ),
});
export type TripStop = z.infer<typeof tripStopSchema>;
export const tripStopsResponseSchema = z.object({ stops: z.array(tripStopSchema) });

/** A participant's item in a run: an ordinary request's fields. */
export const runItemSchema = z.object({
  itemName: requiredText(
    'Item name',
    REQUEST_LIMITS.itemNameMax,
    REQUEST_MESSAGES.itemNameRequired,
    REQUEST_MESSAGES.itemNameTooLong,
  ),
  quantity: z.preprocess(
    (v) => toNumber(v) ?? 1,
    z
      .number({ error: REQUEST_MESSAGES.quantityInvalid })
      .int(REQUEST_MESSAGES.quantityInvalid)
      .min(1, REQUEST_MESSAGES.quantityMin)
      .max(REQUEST_LIMITS.quantityMax, REQUEST_MESSAGES.quantityMax),
  ),
  itemCost: itemCostField,
  description: z.preprocess(
    (v) => blank(v) ?? '',
    userText('text', charactersNotAllowed('Description'))
      .trim()
      .max(REQUEST_LIMITS.descriptionMax, REQUEST_MESSAGES.descriptionTooLong),
  ),
  deliveryLocation: requiredText(
    'Delivery location',
    REQUEST_LIMITS.locationMax,
    REQUEST_MESSAGES.locationRequired,
    REQUEST_MESSAGES.locationTooLong,
  ),
  category: z.preprocess(
    blank,
    z.enum(REQUEST_CATEGORIES, { error: REQUEST_MESSAGES.categoryInvalid }).default('other'),
  ),
});
export type RunItemBody = z.infer<typeof runItemSchema>;
export type RunItemInput = z.input<typeof runItemSchema>;

/** POST /runs (hosteller): the place, the times, the whole fee and the starter's own item. */
export const createRunSchema = z
  .object({
    pickupFrom: requiredText(
      'Pickup place',
      REQUEST_LIMITS.pickupFromMax,
      RUN_MESSAGES.pickupFromRequired,
      REQUEST_MESSAGES.pickupFromTooLong,
    ),
    cutoffAt: soonTime(
      {
        required: RUN_MESSAGES.cutoffRequired,
        invalid: RUN_MESSAGES.cutoffInvalid,
        future: RUN_MESSAGES.cutoffFuture,
        tooFar: RUN_MESSAGES.cutoffTooFar,
      },
      RUN_LIMITS.hoursAhead,
    ),
    deadline: deadlineField,
    totalFee: rupees({
      required: RUN_MESSAGES.totalFeeRequired,
      invalid: RUN_MESSAGES.totalFeeInvalid,
      min: RUN_MESSAGES.totalFeeMin,
      max: RUN_MESSAGES.totalFeeMax,
      decimals: RUN_MESSAGES.totalFeeDecimals,
    })
      .refine((v) => v >= 10, RUN_MESSAGES.totalFeeMin)
      .refine((v) => v <= 10_000, RUN_MESSAGES.totalFeeMax)
      .meta({ minimum: 10, maximum: 10_000 }),
    item: runItemSchema,
  })
  .refine((r) => r.cutoffAt.getTime() <= r.deadline.getTime(), {
    path: ['cutoffAt'],
    message: RUN_MESSAGES.cutoffAfterDeadline,
  });
export type CreateRunBody = z.infer<typeof createRunSchema>;
export type CreateRunInput = z.input<typeof createRunSchema>;

export const runCanSchema = z.object({
  /** A hosteller who is not in it may join (open, before the cutoff, not full). */
  join: z.boolean(),
  /** A participant other than the starter may leave (open, before the cutoff). */
  leave: z.boolean(),
  /** A day scholar may accept the whole run. */
  accept: z.boolean(),
});
export type RunCan = z.infer<typeof runCanSchema>;

/**
 * One shared run. Money in rupees. `share` is what each participant pays now (the starter's share
 * carries the paise left over); `shareIfJoined` what each would pay with one more. `requests`: the
 * viewer's own request in it for a participant, every request for its deliverer (and, before it is
 * accepted, every request as any day scholar may see it); empty in lists.
 */
export const runSchema = z.object({
  id: z.uuid(),
  starter: userRefSchema,
  deliverer: userRefSchema.nullable(),
  pickupFrom: z.string(),
  cutoffAt: z.string(),
  deadline: z.string(),
  totalFee: z.number(),
  status: z.enum([...RUN_STATUSES, 'closed']),
  participants: z.number().int(),
  /** Total quantity of all its items. */
  items: z.number().int(),
  /** How many different delivery locations. */
  blocks: z.number().int(),
  share: z.number(),
  shareIfJoined: z.number(),
  /** The viewer's own request in this run, if any. */
  myRequestId: z.uuid().nullable(),
  createdAt: z.string(),
  requests: z.array(requestSchema),
  can: runCanSchema,
});
export type Run = z.infer<typeof runSchema>;
export const runResponseSchema = z.object({ run: runSchema });
/** GET /runs: one page (hostellers newest first, day scholars soonest deadline first). */
export const runListQuerySchema = paginationQuerySchema;
export const runListResponseSchema = z.object({
  runs: z.array(runSchema),
  /** Pass as ?cursor= for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RunListResponse = z.infer<typeof runListResponseSchema>;
