import { SHARE_TEXTS, type Trip } from '@campusrun/shared';
import { formatDateTime } from '@/lib/format';
import { pageNow } from '@/lib/page-clock';

/** What the Share button sends with a trip's link: "Trip from Katpadi", and when it arrives. */
export const tripShare = (trip: Pick<Trip, 'from' | 'arriveAt'>, now: number = pageNow()) => ({
  title: `Trip from ${trip.from}`,
  text: SHARE_TEXTS.trip(trip.from, formatDateTime(trip.arriveAt, now)),
});
