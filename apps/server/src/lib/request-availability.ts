import { and, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { requests } from '../db/schema';
import { notBlocked, notSuspended, visibleListing } from './listing-visibility';

/**
 * The one SQL rule for "a day scholar can take this request": pending, no deliverer, deadline not
 * passed, not their own, visible (not held or removed by moderation), its requester not suspended,
 * and neither of the two blocking the other. Used by the available list and the accept statement (requests feature) and
 * by the day scholar's count of available requests (dashboard feature), which must agree. The pure
 * counterpart that explains a refusal is `acceptRefusal` in requests.policy.ts.
 * The literal `status = 'pending'` lets the planner use the partial indexes on pending requests.
 */
export const availableTo = (viewerId: string | Placeholder): SQL =>
  and(
    sql`${requests.status} = 'pending'`,
    isNull(requests.delivererId),
    sql`${requests.deadline} > now()`,
    ne(requests.requesterId, viewerId),
    visibleListing(requests.moderation),
    notSuspended(requests.requesterId),
    notBlocked(requests.requesterId, viewerId),
  )!;
