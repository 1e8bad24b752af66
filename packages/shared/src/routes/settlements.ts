import {
  disputeResponseSchema,
  disputeSettlementSchema,
  markPaidSchema,
  moderationDisputesQuerySchema,
  moderationDisputesResponseSchema,
  openDisputeSchema,
  resolveDisputeSchema,
  settlementListQuerySchema,
  settlementListResponseSchema,
  settlementLookupQuerySchema,
  settlementLookupResponseSchema,
  settlementResponseSchema,
  settlementSummaryResponseSchema,
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
export const markReceived = step(
  'received',
  'The payee confirms they received it (open or paid → settled); the payer is told.',
);
export const markNotReceived = step(
  'not-received',
  'The payee says it never arrived (paid → disputed): a dispute opens for a moderator.',
);
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
