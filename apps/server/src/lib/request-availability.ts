import { and, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { requests } from '../db/schema';
import { notBlocked, notSuspended, visibleListing } from './listing-visibility';

/** How many times a day scholar may give the same request up before they may not accept it again. */
export const MAX_GIVE_UPS = 2;

/**
 * The one SQL rule for "a day scholar can take this request": pending, no deliverer, deadline not
 * passed, not their own, not one they gave up `MAX_GIVE_UPS` times, visible (not held or removed by
 * moderation), its requester not suspended, and neither of the two blocking the other. Used by the
 * available list and the accept statement (requests feature), by the day scholar's count of
 * available requests (dashboard feature) and by the matching of saved searches, which must agree. The pure
 * counterpart that explains a refusal is `acceptRefusal` in requests.policy.ts.
 * The literal `status = 'pending'` lets the planner use the partial indexes on pending requests.
 */
export const availableTo = (viewerId: string | Placeholder | SQL): SQL =>
  and(
    sql`${requests.status} = 'pending'`,
    isNull(requests.delivererId),
    // A shared run's requests are accepted together, as the run (runs feature).
    isNull(requests.runId),
    sql`${requests.deadline} > now()`,
    ne(requests.requesterId, viewerId),
    sql`cardinality(array_positions(${requests.givenUpBy}, ${viewerId}::uuid)) < ${sql.raw(String(MAX_GIVE_UPS))}`,
    visibleListing(requests.moderation),
    notSuspended(requests.requesterId),
    notBlocked(requests.requesterId, viewerId),
  )!;

/** First key of the advisory locks that serialize one day scholar's accepts (the second: their id). */
export const ACCEPT_LOCK = 0x43_52_41_63; // 'CRAc'

/**
 * How many active deliveries a day scholar holds, as `MAX_ACTIVE_DELIVERIES` counts them: each
 * accepted request counts once, a shared run's requests together count once, and requests riding on
 * their trip not at all (the trip's capacity bounds those). One rule for the accept statements of
 * requests and runs and for the count that explains a refusal.
 */
export const activeDeliveries = (delivererId: string): SQL =>
  sql`(select count(distinct coalesce(mine.run_id, mine.id))::int from ${requests} mine where mine.deliverer_id = ${delivererId} and mine.status = 'accepted' and mine.trip_id is null)`;
