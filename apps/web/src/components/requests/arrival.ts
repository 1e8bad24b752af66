import { DELIVERY_PROGRESS_WORDS, type DeliveryRequest } from '@campusrun/shared';

/** How often a countdown on screen moves on (it says whole minutes). */
export const ARRIVAL_TICK_MS = 20_000;

/** Whole minutes until `eta` (rounded up, so a fresh "6 min" says 6), or 0 once it has passed. */
export function minutesUntil(eta: string, now: number): number {
  const left = Date.parse(eta) - now;
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** "Arriving in about 6 min", and "Any moment now" once the estimate has passed. */
function arrivalWords(eta: string, now: number): string {
  const minutes = minutesUntil(eta, now);
  return minutes > 0 ? DELIVERY_PROGRESS_WORDS.arrivingIn(minutes) : DELIVERY_PROGRESS_WORDS.anyMoment;
}

/** How far along an accepted delivery is, in a word: picked up, on the way, or nothing to say yet. */
type DeliveryStage = 'pickedUp' | 'onTheWay' | null;

export function deliveryStage(
  request: Pick<DeliveryRequest, 'status' | 'pickedUpAt' | 'arrivalEta'>,
): DeliveryStage {
  if (request.status !== 'accepted') return null;
  if (request.arrivalEta) return 'onTheWay';
  return request.pickedUpAt ? 'pickedUp' : null;
}

/** What a screen says of the delivery's progress as of `now`, or null before the pickup. */
export function progressWords(
  request: Pick<DeliveryRequest, 'status' | 'pickedUpAt' | 'arrivalEta'>,
  now: number,
): string | null {
  const stage = deliveryStage(request);
  if (stage === 'onTheWay') return arrivalWords(request.arrivalEta!, now);
  return stage === 'pickedUp' ? DELIVERY_PROGRESS_WORDS.pickedUp : null;
}
