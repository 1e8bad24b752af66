import type { Offer } from '@campusrun/shared';
import { api } from '@/lib/api-client';

/** PUT /offers/{id}/accept|decline|withdraw, from the offer card in a thread. */
export const decideOffer = (id: string, action: 'accept' | 'decline' | 'withdraw') =>
  api.put<{ offer: Offer; message: string }>(`/offers/${encodeURIComponent(id)}/${action}`);
