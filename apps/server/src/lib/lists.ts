import { asc, desc, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { badRequest } from './errors';
import { isUuid } from './ids';
import { exactTimeText } from './sql-time';
import { HTTP_MESSAGES } from '@campusrun/shared';

/**
 * Every list of the API pages the same way (docs/decisions/0005-keyset-pagination.md): rows come in
 * a total order of sort keys ending with the id, and a page's cursor holds the last row's keys, so
 * the next page is "rows strictly after these keys". Rows added, edited or removed meanwhile never
 * shift a page, and no page needs an OFFSET.
 *
 * A cursor is the base64url form of a JSON array the database writes: the order's name, then the
 * keys. Timestamps are written with their microseconds (a JavaScript Date would lose them and
 * repeat or skip rows created in the same millisecond).
 */

export type KeyKind = 'time' | 'int' | 'uuid';

export interface ListOrder {
  /** Names the list and its sort inside cursors: a cursor issued for another one is refused. */
  readonly name: string;
  readonly dir: 'asc' | 'desc';
  /** Sort keys; the last is the row's id, which makes the order total. */
  readonly keys: ReadonlyArray<{ column: AnyColumn; kind: KeyKind }>;
}

export const listOrder = (
  name: string,
  dir: 'asc' | 'desc',
  ...keys: Array<[column: AnyColumn, kind: KeyKind]>
): ListOrder => ({ name, dir, keys: keys.map(([column, kind]) => ({ column, kind })) });

const columnsOf = (order: ListOrder) => order.keys.map((k) => k.column);

/**
 * ORDER BY for the order: on its own columns, or on the same keys as a subquery exposes them
 * (`columns`, in the order's key order).
 */
export function orderBy(order: ListOrder, columns: readonly (AnyColumn | SQL)[] = columnsOf(order)) {
  const by = order.dir === 'desc' ? desc : asc;
  return columns.map((c) => by(c));
}

const exactTime = exactTimeText;

/** The row's cursor as the database writes it (select it beside the row). */
export function cursorOf(order: ListOrder): SQL<string> {
  const keys = order.keys.map(({ column, kind }) => (kind === 'time' ? exactTime(column) : sql`${column}`));
  return sql<string>`json_build_array(${order.name}::text, ${sql.join(keys, sql`, `)})::text`;
}

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** No row of ours is older than 1970; year 0000 is a date JavaScript reads and PostgreSQL refuses. */
const EARLIEST_TIME = Date.UTC(1970, 0, 1);

const validKey: Record<KeyKind, (value: unknown) => boolean> = {
  uuid: (v) => typeof v === 'string' && isUuid(v),
  int: (v) => Number.isSafeInteger(v),
  // Round-trips through Date, so a forged "2026-02-31" never reaches the database; four-digit years
  // from 1970 only.
  time: (v) =>
    typeof v === 'string' &&
    EXACT_TIME.test(v) &&
    Date.parse(v) >= EARLIEST_TIME &&
    new Date(v).toISOString().slice(0, 23) === v.slice(0, 23),
};

const invalidCursor = () =>
  badRequest(HTTP_MESSAGES.invalidCursor, [{ param: 'cursor', msg: HTTP_MESSAGES.invalidCursor }]);

/** The keys a cursor holds; a 400 for anything this server did not issue for this order. */
function readCursor(order: ListOrder, cursor: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== order.keys.length + 1 || parsed[0] !== order.name)
    throw invalidCursor();
  const values = parsed.slice(1);
  if (!order.keys.every((k, i) => validKey[k.kind](values[i]))) throw invalidCursor();
  return values;
}

const CAST: Record<KeyKind, SQL> = { time: sql`timestamptz`, int: sql`bigint`, uuid: sql`uuid` };

const op = (order: ListOrder) => (order.dir === 'desc' ? sql`<` : sql`>`);
const keyList = (order: ListOrder) => sql.join(columnsOf(order), sql`, `);

/**
 * The condition "strictly after the cursor" in the order (one row comparison, which a B-tree index
 * on the keys answers directly); undefined for the first page. Throws a 400 for a bad cursor.
 */
export function afterCursor(order: ListOrder, cursor: string | undefined): SQL | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const values = readCursor(order, cursor);
  const params = order.keys.map((k, i) => sql`${values[i]}::${CAST[k.kind]}`);
  return sql`(${keyList(order)}) ${op(order)} (${sql.join(params, sql`, `)})`;
}

/**
 * For a prepared statement: "strictly after the cursor" with the cursor's keys as placeholders
 * (`<prefix>0`, `<prefix>1`, …); `cursorParams` gives their values.
 */
export function afterCursorPlaceholders(order: ListOrder, prefix = 'after'): SQL {
  const params = order.keys.map((k, i) => sql`${sql.placeholder(`${prefix}${i}`)}::${CAST[k.kind]}`);
  return sql`(${keyList(order)}) ${op(order)} (${sql.join(params, sql`, `)})`;
}

/** The values of `afterCursorPlaceholders` for a cursor; undefined for the first page. Throws a 400 for a bad cursor. */
export function cursorParams(
  order: ListOrder,
  cursor: string | undefined,
  prefix = 'after',
): Record<string, unknown> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  return Object.fromEntries(readCursor(order, cursor).map((v, i) => [`${prefix}${i}`, v]));
}

/** Splits a `limit + 1` fetch into the page and the cursor of the next one. */
export function pageOf<T>(rows: T[], limit: number, cursorText: (row: T) => string) {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  return {
    items,
    nextCursor: hasMore ? Buffer.from(cursorText(items[items.length - 1]!)).toString('base64url') : null,
  };
}

// ---- search ---------------------------------------------------------------------------------------

/** Plain words of a search (at most 8), each matched as a word prefix ("para" finds "Paracetamol"). */
export function prefixQuery(search: string | undefined): string | undefined {
  const words = search
    ?.toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 8);
  return words?.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/**
 * A `prefixQuery` matching any of the words instead of all (`a:* | b:*`): words shorter than
 * `minLength` are left out, at most `max` are kept; undefined when none is left.
 */
export function anyPrefixQuery(text: string, minLength: number, max = 8): string | undefined {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
    .filter((w) => [...w].length >= minLength)
    .slice(0, max);
  return words.length ? words.map((w) => `${w}:*`).join(' | ') : undefined;
}

/** Rows whose search vector matches a `prefixQuery` (a value or a prepared statement's placeholder). */
export const matchesQuery = (vector: AnyColumn, query: string | Placeholder): SQL =>
  sql`${vector} @@ to_tsquery('simple', ${query})`;

/** The ILIKE pattern for "contains this text", with LIKE's wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows whose text contains the given text, case-insensitively, with LIKE's wildcards taken literally. */
export function containsText(column: AnyColumn | SQL, text: string | undefined): SQL | undefined {
  return text ? matchesPattern(column, containsPattern(text)) : undefined;
}

/** Rows whose text matches a `containsPattern` (a value or a prepared statement's placeholder). */
export const matchesPattern = (column: AnyColumn | SQL, pattern: string | Placeholder): SQL =>
  sql`${column} ilike ${pattern}`;
