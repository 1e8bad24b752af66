import { z } from 'zod';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  PAYMENT_METHODS,
  SETTLEMENT_FILTERS,
  SETTLEMENT_KINDS,
  SETTLEMENT_STATES,
} from '../constants';
import { charactersNotAllowed } from '../messages/common';
import {
  DISPUTE_MESSAGES,
  DISPUTE_STATES,
  SETTLEMENT_LIMITS,
  SETTLEMENT_MESSAGES,
} from '../messages/settlements';
import { paginationQuerySchema, userText } from './common';
import { userRefSchema } from './users';

/**
 * A UPI ID (VPA): `name@bank`. The name part takes letters, digits, dots, hyphens and underscores;
 * the handle is letters and digits (`okaxis`, `ybl`, `paytm`).
 */
export const UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}@[A-Za-z][A-Za-z0-9]{1,31}$/;

/**
 * The optional `upiId` of PUT /users/profile: absent leaves it as it is, blank or null removes it,
 * anything else must be a UPI ID (stored trimmed, as typed).
 */
export const upiIdField = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    userText('line', SETTLEMENT_MESSAGES.upiIdInvalid, { error: SETTLEMENT_MESSAGES.upiIdInvalid })
      .trim()
      .max(SETTLEMENT_LIMITS.upiIdMax, SETTLEMENT_MESSAGES.upiIdTooLong)
      .regex(UPI_ID, SETTLEMENT_MESSAGES.upiIdInvalid)
      .nullable()
      .optional(),
    // The document says what the server takes: a blank one (the form sends '' to remove it) too.
  )
  .meta({ pattern: `^\\s*$|${UPI_ID.source}` });

/** GET /settlements: `open` lists open and paid ones; newest first. */
export const settlementListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(SETTLEMENT_FILTERS, { error: 'status must be open, settled or disputed' }).default('open'),
});
export type SettlementListQuery = z.infer<typeof settlementListQuerySchema>;

/** GET /settlements/for?kind=request|sale&targetId=…: the settlement of one request or sale. */
export const settlementLookupQuerySchema = z.object({
  kind: z.enum(SETTLEMENT_KINDS, { error: DISPUTE_MESSAGES.targetTypeInvalid }),
  targetId: z.uuid({ error: DISPUTE_MESSAGES.targetRequired }),
});

/** PUT /settlements/{id}/paid (payer). */
export const markPaidSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: SETTLEMENT_MESSAGES.methodInvalid }),
});
export type MarkPaidBody = z.infer<typeof markPaidSchema>;

/** PUT /settlements/{id}/tip (payer of a delivery): whole rupees, ₹0 (no tip) to ₹500. */
export const setTipSchema = z.object({
  tip: z
    .number({ error: SETTLEMENT_MESSAGES.tipInvalid })
    .int(SETTLEMENT_MESSAGES.tipInvalid)
    .min(0, SETTLEMENT_MESSAGES.tipInvalid)
    .max(SETTLEMENT_LIMITS.tipMax, SETTLEMENT_MESSAGES.tipInvalid),
});
export type SetTipBody = z.infer<typeof setTipSchema>;

/** What went wrong, in a dispute's own words (up to 1,000 characters). */
const detailsText = (required: string, tooLong: string) =>
  userText('text', charactersNotAllowed('Details'), { error: required })
    .trim()
    .min(1, required)
    .max(SETTLEMENT_LIMITS.disputeDetailsMax, tooLong);

/**
 * PUT /settlements/{id}/not-received (payee): what they want the moderator to know, if anything
 * (blank or absent: the dispute says that the money did not arrive). The body may be left out.
 */
export const notReceivedSchema = z
  .object({
    details: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      detailsText(DISPUTE_MESSAGES.detailsRequired, DISPUTE_MESSAGES.detailsTooLong).optional(),
    ),
  })
  .nullish();
export type NotReceivedBody = z.infer<typeof notReceivedSchema>;

export const settlementCanSchema = z.object({
  /** The buyer may confirm the sale (state proposed). */
  confirm: z.boolean(),
  /** The buyer may say they did not buy it (state proposed). */
  decline: z.boolean(),
  /** The requester may accept the deliverer's receipt above their estimate. */
  acceptCost: z.boolean(),
  /** The payer may say they paid (state open, no receipt above the estimate waiting). */
  pay: z.boolean(),
  /** The payee may confirm they received it (state open or paid). */
  receive: z.boolean(),
  /** The payee may say it never arrived (state paid). */
  notReceive: z.boolean(),
  /** Either party may open a dispute (within the window, none open yet). */
  dispute: z.boolean(),
  /** The payee may remind the payer (state open, the payer not reminded in the last 24 hours). */
  remind: z.boolean(),
  /**
   * The payer of a delivery may add or change a tip (state open or paid; once paid, not below what
   * that payment covered).
   */
  tip: z.boolean(),
});
export type SettlementCan = z.infer<typeof settlementCanSchema>;

/**
 * A photo with one side's statement: its URL and its thumbnail's, each a link signed for the two
 * parties and the moderators that expires (they are loaded again with the dispute).
 */
export const disputePhotoSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });
export type DisputePhoto = z.infer<typeof disputePhotoSchema>;

/**
 * One dispute as its parties (and moderators) see it. `details` and `photos` are the statement of
 * the one who opened it; `reply` the other party's side, once they give it.
 */
export const disputeSchema = z.object({
  id: z.uuid(),
  targetType: z.enum(SETTLEMENT_KINDS),
  targetId: z.uuid(),
  reason: z.enum(DISPUTE_REASONS),
  details: z.string(),
  photos: z.array(disputePhotoSchema),
  reply: z
    .object({ by: userRefSchema, text: z.string(), photos: z.array(disputePhotoSchema), at: z.string() })
    .nullable(),
  status: z.enum(DISPUTE_STATES),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  note: z.string().nullable(),
  openedBy: userRefSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** A dispute on its settlement, with what the viewer may do about it while it is open. */
export const settlementDisputeSchema = disputeSchema.extend({
  can: z.object({
    /** Write (or change) their own side: either party, while it is open. */
    statement: z.boolean(),
    /** Withdraw it: the one who opened it, while it is open. */
    withdraw: z.boolean(),
  }),
});
export type SettlementDispute = z.infer<typeof settlementDisputeSchema>;

/**
 * Who owes whom for one completed request or one sale. Money in rupees. `thing.id` is null when the
 * product was deleted after the sale. `upiUri` only when the payee has a UPI ID and has done their
 * part (the buyer confirmed the sale; the deliverer picked the request up), and only its two parties
 * ever see a settlement.
 */
export const settlementSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SETTLEMENT_KINDS),
  thing: z.object({
    id: z.uuid().nullable(),
    title: z.string(),
    /** The request's number (#12); null for a sale. */
    number: z.number().int().nullable(),
  }),
  amount: z.number(),
  /**
   * The payer's own tip for a delivery, in rupees (0 without one, always 0 for a sale): on top of
   * `amount`, which stays what is owed; the UPI link asks for both.
   */
  tip: z.number(),
  /**
   * While it is marked paid: the part of the tip the payer added after that (rupees), which their
   * payment did not cover, with a UPI link for just that amount (null when the payee has no UPI ID).
   * The payee's Received confirms it with the rest; no reminder or dispute counts it. Null otherwise.
   */
  tipDue: z.object({ amount: z.number(), upiUri: z.string().nullable() }).nullable(),
  payer: userRefSchema,
  payee: userRefSchema,
  state: z.enum(SETTLEMENT_STATES),
  method: z.enum(PAYMENT_METHODS).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  upiUri: z.string().nullable(),
  /**
   * The deliverer's receipt above the requester's estimate, waiting for the requester: `amount`
   * holds the fee and the estimate; Accept adds `claimed - estimated`. Null when none waits.
   */
  itemCost: z.object({ claimed: z.number(), estimated: z.number() }).nullable(),
  /**
   * What a request's money is made of: the items (by the receipt, or the requester's estimate while
   * none was told or one above it waits; null when there are none) and the delivery fee, adding up
   * to `total`. `amount` is less than `total` after a dispute was split. Null for a sale (its price).
   */
  breakdown: z
    .object({
      items: z.number().nullable(),
      itemsFrom: z.enum(['receipt', 'estimate']).nullable(),
      fee: z.number(),
      total: z.number(),
    })
    .nullable(),
  /** Marked paid, never answered by the payee, and settled by itself after 7 days. */
  settledAutomatically: z.boolean(),
  /** The open or last dispute about the same request or sale, if any. */
  dispute: z
    .object({
      id: z.uuid(),
      status: z.enum(DISPUTE_STATES),
      outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
    })
    .nullable(),
  /** Its disputes, oldest first (each party may open one): the story both parties see. */
  disputes: z.array(settlementDisputeSchema),
  can: settlementCanSchema,
});
export type Settlement = z.infer<typeof settlementSchema>;
export const settlementResponseSchema = z.object({ settlement: settlementSchema });
export const settlementLookupResponseSchema = z.object({ settlement: settlementSchema.nullable() });
export const settlementListResponseSchema = z.object({
  settlements: z.array(settlementSchema),
  nextCursor: z.string().nullable(),
});
export type SettlementListResponse = z.infer<typeof settlementListResponseSchema>;

/** GET /settlements/summary: rupees still owed (open, paid or disputed), in all and per person. */
export const settlementSummarySchema = z.object({
  youOwe: z.number(),
  owedToYou: z.number(),
  byPerson: z.array(z.object({ user: userRefSchema, youOwe: z.number(), owedToYou: z.number() })),
});
export type SettlementSummary = z.infer<typeof settlementSummarySchema>;
/** GET /settlements/summary answers the summary itself. @alias */
export const settlementSummaryResponseSchema = settlementSummarySchema;

/** Rupees of completed deliveries: their fees, their items (paid back) and the payers' tips. */
export const moneyPartsSchema = z.object({ fees: z.number(), items: z.number(), tips: z.number() });
export type MoneyParts = z.infer<typeof moneyPartsSchema>;

/** One week (from Monday, campus time) of completed deliveries, with each of them. */
export const moneyWeekSchema = moneyPartsSchema.extend({
  /** Its Monday, a campus date: YYYY-MM-DD. */
  start: z.string(),
  deliveries: z.array(
    z.object({
      id: z.uuid(),
      number: z.number().int(),
      title: z.string(),
      completedAt: z.string(),
      fee: z.number(),
      items: z.number(),
      tip: z.number(),
    }),
  ),
});
export type MoneyWeek = z.infer<typeof moneyWeekSchema>;

/** One side of the member's money: the last 12 weeks, oldest first, and the totals. */
export const moneySideSchema = z.object({
  weeks: z.array(moneyWeekSchema),
  thisWeek: moneyPartsSchema,
  thisMonth: moneyPartsSchema,
  allTime: moneyPartsSchema,
});
export type MoneySide = z.infer<typeof moneySideSchema>;

/**
 * GET /settlements/earnings: what the member earned delivering (as deliverer) and spent on their
 * requests (as requester), by the completion of each delivery, in the campus time zone.
 */
export const earningsResponseSchema = z.object({
  timeZone: z.string(),
  earned: moneySideSchema,
  spent: moneySideSchema,
});
export type Earnings = z.infer<typeof earningsResponseSchema>;

/** POST /disputes (either party, within the window of the completion or sale). */
export const openDisputeSchema = z.object({
  targetType: z.enum(SETTLEMENT_KINDS, { error: DISPUTE_MESSAGES.targetTypeInvalid }),
  targetId: z.uuid({ error: DISPUTE_MESSAGES.targetRequired }),
  reason: z.enum(DISPUTE_REASONS, { error: DISPUTE_MESSAGES.reasonInvalid }),
  details: detailsText(DISPUTE_MESSAGES.detailsRequired, DISPUTE_MESSAGES.detailsTooLong),
});
export type OpenDisputeBody = z.infer<typeof openDisputeSchema>;
export type OpenDisputeInput = z.input<typeof openDisputeSchema>;

/**
 * POST /settlements/{id}/dispute (either party): the same dispute, named by its settlement, so it
 * can be opened after the product sold was deleted.
 */
export const disputeSettlementSchema = openDisputeSchema.pick({ reason: true, details: true });
export type DisputeSettlementBody = z.infer<typeof disputeSettlementSchema>;

/** The photos one side keeps of their statement when changing it: their positions, "0" to "2". */
const keptPhotosField = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return undefined;
    return (Array.isArray(v) ? v : [v]).filter((item) => item !== '');
  },
  z
    .array(z.enum(['0', '1', '2'], { error: DISPUTE_MESSAGES.photoGone }))
    .max(SETTLEMENT_LIMITS.statementPhotosMax, DISPUTE_MESSAGES.photosTooMany)
    .optional(),
);

/**
 * PUT /disputes/{id}/statement (either party, while it is open): the fields of the form; new photos
 * are its `photos` files. `keep` lists the positions of the photos already there to keep (absent:
 * all of them); kept and new together are at most 3.
 */
export const statementFieldsSchema = z.object({
  text: detailsText(DISPUTE_MESSAGES.statementRequired, DISPUTE_MESSAGES.statementTooLong),
  keep: keptPhotosField,
});
export type StatementFields = z.infer<typeof statementFieldsSchema>;

/** PUT /moderation/disputes/{id} (moderators). */
export const resolveDisputeSchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: DISPUTE_MESSAGES.outcomeInvalid }),
  note: userText('text', charactersNotAllowed('Note'), { error: DISPUTE_MESSAGES.noteRequired })
    .trim()
    .min(1, DISPUTE_MESSAGES.noteRequired)
    .max(SETTLEMENT_LIMITS.outcomeNoteMax, DISPUTE_MESSAGES.noteTooLong),
});
export type ResolveDisputeBody = z.infer<typeof resolveDisputeSchema>;

export const disputeResponseSchema = z.object({ dispute: disputeSchema });

/** GET /moderation/disputes?status=open|resolved|withdrawn. */
export const moderationDisputesQuerySchema = paginationQuerySchema.extend({
  status: z.enum(DISPUTE_STATES, { error: 'status must be open, resolved or withdrawn' }).default('open'),
});

/** What a moderator sees of a dispute: both parties, the settlement, the thing, the evidence. */
export const moderationDisputeSchema = disputeSchema.extend({
  payer: userRefSchema,
  payee: userRefSchema,
  settlement: z
    .object({
      id: z.uuid(),
      amount: z.number(),
      state: z.enum(SETTLEMENT_STATES),
      method: z.enum(PAYMENT_METHODS).nullable(),
      /** What each outcome would leave: the state and the rupees owed (for the decision's confirmation). */
      outcomes: z.record(
        z.enum(DISPUTE_OUTCOMES),
        z.object({ state: z.enum(['open', 'settled']), amount: z.number() }),
      ),
    })
    .nullable(),
  thing: z.object({
    id: z.uuid().nullable(),
    title: z.string(),
    /** Request details or product description. */
    text: z.string().nullable(),
    /** Rupees: the request's fee plus item cost, or the sale's amount. */
    price: z.number().nullable(),
    photos: z.array(z.string()),
  }),
  /** The last messages between the two parties, oldest first. */
  evidence: z.array(z.object({ senderId: z.uuid(), content: z.string(), sentAt: z.string() })),
});
export type ModerationDispute = z.infer<typeof moderationDisputeSchema>;
export const moderationDisputesResponseSchema = z.object({
  disputes: z.array(moderationDisputeSchema),
  nextCursor: z.string().nullable(),
});

/** A public profile's reliability record, counted from the data. */
export const reliabilitySchema = z.object({
  deliveriesCompleted: z.number().int(),
  requestsCompleted: z.number().int(),
  /** Accepted requests of theirs they cancelled anyway. */
  cancellationsAfterAcceptance: z.number().int(),
  deliveriesGivenUp: z.number().int(),
  disputesLost: z.number().int(),
  /** Settlements they owe that have been open (not marked paid) for more than 7 days. */
  settlementsOverdue: z.number().int(),
  memberSince: z.string(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;
