import { z } from 'zod';
import { errorResponseSchema } from '../schemas/common';
import {
  disputeResponseSchema,
  disputeSettlementSchema,
  earningsResponseSchema,
  markPaidSchema,
  moderationDisputesQuerySchema,
  moderationDisputesResponseSchema,
  notReceivedSchema,
  openDisputeSchema,
  resolveDisputeSchema,
  settlementListQuerySchema,
  settlementListResponseSchema,
  settlementLookupQuerySchema,
  settlementLookupResponseSchema,
  settlementResponseSchema,
  settlementSummaryResponseSchema,
  setTipSchema,
} from '../schemas/settlements';
import { idParams, route } from './contract';

const tags = ['settlements'] as const;
const one = { 200: settlementResponseSchema } as const;

/** A settlement's transition by one of its parties: `PUT /settlements/:id/<step>`. */
const step = <const P extends string, const D extends string>(path: P, description: D) =>
  route({
    method: 'PUT',
    path: `/settlements/:id/${path}`,
    tags,
    description,
    params: idParams,
    response: one,
  });

// Every member: their settlements, what they owe and are owed, and one request's or sale's.
export const list = route({
  method: 'GET',
  path: '/settlements',
  tags,
  description: "The caller's settlements, newest first: open (open and paid), settled or disputed.",
  query: settlementListQuerySchema,
  response: { 200: settlementListResponseSchema },
});
export const summary = route({
  method: 'GET',
  path: '/settlements/summary',
  tags,
  description: 'Rupees the caller still owes and is owed (open, paid or disputed), in all and per person.',
  response: { 200: settlementSummaryResponseSchema },
});
export const earnings = route({
  method: 'GET',
  path: '/settlements/earnings',
  tags,
  description:
    "What the caller earned delivering and spent on their requests: fees, items and tips of the deliveries completed in each of the last 12 weeks (from Monday, campus time, each with its deliveries), this week, this month and all time. Beside the day scholar's stats, this is the only place tips are counted.",
  response: { 200: earningsResponseSchema },
});
export const lookup = route({
  method: 'GET',
  path: '/settlements/for',
  tags,
  description: 'The settlement of a request or a sale when the caller is one of its parties, else null.',
  query: settlementLookupQuerySchema,
  response: { 200: settlementLookupResponseSchema },
});

// The payer's answers: a proposed sale (confirm, decline) and a receipt above the estimate.
export const confirmSale = step(
  'confirm',
  'The buyer confirms a proposed sale (proposed → open); the seller is told.',
);
export const declineSale = step(
  'decline',
  'The buyer says they did not buy it (proposed → void); the seller is told.',
);
export const acceptCost = step(
  'accept-cost',
  "The requester accepts the deliverer's receipt above their estimate: the difference is added; the deliverer is told.",
);

// The two parties: the two-sided confirmation, the payee's reminder, and a dispute.
export const markPaid = route({
  method: 'PUT',
  path: '/settlements/:id/paid',
  tags,
  description: 'The payer says they paid (open → paid); the payee is told.',
  params: idParams,
  body: markPaidSchema,
  response: one,
});
export const setTip = route({
  method: 'PUT',
  path: '/settlements/:id/tip',
  tags,
  description:
    "The payer of a delivery sets their tip in whole rupees (0 to 500; 0 takes it back) while it is open or paid: the UPI link asks for it on top of the amount owed, which it never changes; the payee's screens follow. Once paid, the tip never goes below what that payment covered (409 tipAlreadyPaid), and what is added after is `tipDue`, with a UPI link of its own, confirmed by the payee's Received.",
  params: idParams,
  body: setTipSchema,
  response: one,
});
export const markReceived = step(
  'received',
  'The payee confirms they received it (open or paid → settled); the payer is told.',
);
export const markNotReceived = route({
  method: 'PUT',
  path: '/settlements/:id/not-received',
  tags,
  description:
    'The payee says it never arrived (paid → disputed), with what they want the moderator to know if anything: a dispute opens and every moderator but the two is told.',
  params: idParams,
  body: notReceivedSchema,
  response: one,
});
export const remind = step(
  'remind',
  'The payee reminds the payer of an unpaid settlement (at most once a day); the payer is told.',
);
export const dispute = route({
  method: 'POST',
  path: '/settlements/:id/dispute',
  tags: ['disputes'],
  description:
    'Either party opens a dispute about the settlement, as POST /disputes does; it works after the product sold was deleted.',
  params: idParams,
  body: disputeSettlementSchema,
  response: { 201: disputeResponseSchema },
});
export const openDispute = route({
  method: 'POST',
  path: '/disputes',
  tags: ['disputes'],
  description:
    'Either party of a completed request or a confirmed sale opens a dispute, within 48 hours, one open at a time, once each.',
  body: openDisputeSchema,
  response: { 201: disputeResponseSchema },
});

// The two sides of an open dispute: each one's statement with photos, and the opener's withdrawal.

/** OpenAPI description of the statement form (read and checked by the server's multipart hooks). */
const statementBodyDoc = z
  .object({
    text: z.string().min(1).max(1000).describe("The party's side, 1 to 1,000 characters"),
    keep: z
      .array(z.enum(['0', '1', '2']))
      .max(3)
      .optional()
      .describe('Positions of the photos already there to keep (repeated field); absent keeps them all'),
    photos: z
      .array(z.file())
      .max(3)
      .optional()
      .describe('New PNG, JPG, GIF or WebP images, 5 MB each; kept and new together at most 3'),
  })
  .nullish();

export const writeStatement = route({
  method: 'PUT',
  path: '/disputes/:id/statement',
  tags: ['disputes'],
  description:
    "multipart/form-data: either party of an open dispute writes or changes their own side (the opener's replaces their details) with up to 3 photos; the other party is told. To anyone else 404.",
  params: idParams,
  consumes: ['multipart/form-data'],
  body: statementBodyDoc,
  response: one,
});
export const withdrawDispute = route({
  method: 'PUT',
  path: '/disputes/:id/withdraw',
  tags: ['disputes'],
  description:
    'The one who opened an open dispute withdraws it: the settlement goes back to where it was before, and the other party is told. 403 to the other party, 404 to anyone else.',
  params: idParams,
  response: one,
});
export const disputePhoto = route({
  method: 'GET',
  path: '/disputes/:id/photos/:photo',
  tags: ['disputes'],
  browserOnly: true,
  description:
    "A photo of a dispute's statement (`opener-0`, `reply-2-thumb`, …) by the signed link its parties and the moderators are given; it expires. Anything else is 404.",
  params: z.object({ id: z.string(), photo: z.string() }),
  query: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
  response: {
    200: {
      description: 'The photo, WebP, cached privately until the link expires.',
      // Streamed from storage as it is read.
      content: { 'image/webp': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
    },
    404: {
      description: 'No such photo, or the link is not signed, is tampered with or has expired.',
      content: { 'application/json': { schema: errorResponseSchema } },
    },
  },
});

// Moderators: the dispute queue and deciding a dispute.
export const disputes = route({
  method: 'GET',
  path: '/moderation/disputes',
  tags: ['disputes'],
  description: 'Disputes with both parties, the settlement, the thing and the messages between the two.',
  query: moderationDisputesQuerySchema,
  response: { 200: moderationDisputesResponseSchema },
});
export const resolveDispute = route({
  method: 'PUT',
  path: '/moderation/disputes/:id',
  tags: ['disputes'],
  description:
    'Decides an open dispute (not one the moderator is a party to or opened); the settlement follows the outcome and both parties are told.',
  params: idParams,
  body: resolveDisputeSchema,
  response: { 200: disputeResponseSchema },
});
