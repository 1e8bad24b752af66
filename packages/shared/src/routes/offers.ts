import { createOfferSchema, offerListResponseSchema, offerResponseSchema } from '../schemas/market';
import { idParams, route } from './contract';

const tags = ['offers'] as const;
const decided = { 200: offerResponseSchema } as const;

// A product's offers: making one, and the list (the seller's all, anyone else's own).
export const make = route({
  method: 'POST',
  path: '/products/:id/offers',
  tags,
  description: 'Anyone but the seller, on an available product: whole rupees, 1 to 10× the price.',
  params: idParams,
  body: createOfferSchema,
  response: { 201: offerResponseSchema },
});
export const list = route({
  method: 'GET',
  path: '/products/:id/offers',
  tags,
  description: 'The seller sees every offer; anyone else their own.',
  params: idParams,
  response: { 200: offerListResponseSchema },
});

// What becomes of an offer: the seller accepts or declines it, the buyer withdraws it.
export const accept = route({
  method: 'PUT',
  path: '/offers/:id/accept',
  tags,
  description: 'The seller only.',
  params: idParams,
  response: decided,
});
export const decline = route({
  method: 'PUT',
  path: '/offers/:id/decline',
  tags,
  description: 'The seller only.',
  params: idParams,
  response: decided,
});
export const withdraw = route({
  method: 'PUT',
  path: '/offers/:id/withdraw',
  tags,
  description: 'The buyer only.',
  params: idParams,
  response: decided,
});
