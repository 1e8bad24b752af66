import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * The rows of a raw SQL statement, typed by the caller. `Db` is typed for any PostgreSQL driver, so
 * drizzle's `execute` answers `unknown`; node-postgres, the one driver used here (embedded or
 * external PostgreSQL alike), answers pg's result, whose `rows` are the statement's rows. `T` is the
 * caller's word for the columns its SELECT or RETURNING names: the one place that is taken on trust.
 */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as { rows: T[] };
  return result.rows;
}
