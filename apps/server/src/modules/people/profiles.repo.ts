import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SETTLEMENT_LIMITS } from '@campusrun/shared';
import { disputes, products, requests, settlements, users } from '../../db/schema';

/** The public part of a user and their counts, in one query (undefined when there is no such user). */
export const findProfile = async (db: Db, id: string) =>
  (
    await db
      .select({
        id: users.id,
        name: users.name,
        avatar: users.avatar,
        role: users.role,
        createdAt: users.createdAt,
        deliveriesGivenUp: users.deliveriesGivenUp,
        deliveriesCompleted: sql<number>`(select count(*)::int from ${requests} r
          where r.deliverer_id = users.id and r.status = 'completed')`,
        requestsCompleted: sql<number>`(select count(*)::int from ${requests} r
          where r.requester_id = users.id and r.status = 'completed')`,
        itemsSold: sql<number>`(select count(*)::int from ${products} p
          where p.seller_id = users.id and p.status = 'sold')`,
        // Their own requests they cancelled while someone had accepted them.
        cancellationsAfterAcceptance: sql<number>`(select count(*)::int from ${requests} r
          where r.requester_id = users.id and r.status = 'cancelled' and r.accepted_at is not null)`,
        // Decided against them: the payee loses when the payer is favoured, and the other way round.
        // The parties are the settlement's (fixed when it opened); older disputes without one, the request's.
        disputesLost: sql<number>`(select count(*)::int from ${disputes} d
          left join ${settlements} s on s.id = d.settlement_id
          left join ${requests} r on d.settlement_id is null and d.target_type = 'request' and r.id = d.target_id
          where d.status = 'resolved' and (
            (d.outcome = 'favour_payer' and coalesce(s.payee_id, r.deliverer_id) = users.id)
            or (d.outcome = 'favour_payee' and coalesce(s.payer_id, r.requester_id) = users.id)))`,
        // Debts they owe and have not even marked paid a week after they began.
        settlementsOverdue: sql<number>`(select count(*)::int from ${settlements} s
          where s.payer_id = users.id and s.state = 'open'
            and s.confirmed_at < now() - make_interval(days => ${SETTLEMENT_LIMITS.overdueDays}))`,
      })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
  )[0];
