import { and, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { requests } from '../db/schema';
import { notBlocked, notSuspended, visibleListing } from './listing-visibility';

/** How many times a day scholar may give the same request up before they may not accept it again. */
export const MAX_GIVE_UPS = 2;

/**
 * The one SQL rule for "a day scholar can take this request": pending, no deliverer, deadline not
 * passed, not their own, not one they gave up `MAX_GIVE_UPS` times, visible (not held or removed by
 * moderation), its requester not suspended, and neither of the two blocking the other. Used by the
 * available list and the accept statement (requests feature) and by the day scholar's count of
 * available requests (dashboard feature), which must agree. The pure
 * counterpart that explains a refusal is `acceptRefusal` in requests.policy.ts.
 * The literal `status = 'pending'` lets the planner use the partial indexes on pending requests.
 */
export const availableTo = (viewerId: string | Placeholder): SQL =>
  and(
    sql`${requests.status} = 'pending'`,
    isNull(requests.delivererId),
    sql`${requests.deadline} > now()`,
    ne(requests.requesterId, viewerId),
    sql`cardinality(array_positions(${requests.givenUpBy}, ${viewerId}::uuid)) < ${sql.raw(String(MAX_GIVE_UPS))}`,
    visibleListing(requests.moderation),
    notSuspended(requests.requesterId),
    notBlocked(requests.requesterId, viewerId),
  )!;
