import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A timestamp as the API writes it: ISO 8601 in UTC with milliseconds (what toISOString gives),
 * written by the database so a row needs no Date round trip.
 */
export const isoText = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The same to the microsecond, as PostgreSQL keeps it: what a list's cursor compares exactly. */
export const exactTimeText = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
