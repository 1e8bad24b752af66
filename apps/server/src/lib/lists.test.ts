import { sql } from 'drizzle-orm';
import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/build-test-app';
import { AppError } from './errors';
import {
  afterCursor,
  afterCursorPlaceholders,
  containsText,
  cursorOf,
  cursorParams,
  listOrder,
  orderBy,
  pageOf,
  anyPrefixQuery,
  prefixQuery,
} from './lists';

const items = pgTable('list_items', {
  id: uuid('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, precision: 6 }).notNull(),
  n: integer('n').notNull(),
});

const byTime = listOrder('items:time', 'desc', [items.at, 'time'], [items.id, 'uuid']);
const byNumber = listOrder('items:n', 'asc', [items.n, 'int'], [items.at, 'time'], [items.id, 'uuid']);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table list_items (id uuid primary key, at timestamptz(6) not null, n integer not null)`,
  );
});
afterAll(() => database.close());
beforeEach(() => database.db.execute(sql`delete from list_items`));

/** 30 rows: ten share one microsecond, ten share one millisecond (different microseconds), n in 0–2. */
async function seed() {
  await database.db.execute(sql`
    insert into list_items (id, at, n)
    select gen_random_uuid(),
      case when i <= 10 then timestamptz '2026-11-01 10:00:00.123456+00'
           when i <= 20 then timestamptz '2026-11-01 10:00:00.123000+00' + (i * interval '1 microsecond')
           else now() - i * interval '1 minute' end,
      i % 3
    from generate_series(1, 30) i`);
}

/** The same page as `page`, from prepared statements whose cursor keys are placeholders. */
async function preparedPage(order: typeof byTime, limit: number, cursor?: string) {
  const after = cursorParams(order, cursor);
  const query = database.db
    .select({ id: items.id, cursor: cursorOf(order) })
    .from(items)
    .where(after ? afterCursorPlaceholders(order) : undefined)
    .orderBy(...orderBy(order))
    .limit(sql.placeholder('limit'))
    .prepare(`list_items_${order === byTime ? 'time' : 'n'}_${after ? 'after' : 'first'}`);
  return pageOf(await query.execute({ limit: limit + 1, ...after }), limit, (r) => r.cursor);
}

async function page(order: typeof byTime, limit: number, cursor?: string) {
  if (prepared) return preparedPage(order, limit, cursor);
  const rows = await database.db
    .select({ id: items.id, cursor: cursorOf(order) })
    .from(items)
    .where(afterCursor(order, cursor))
    .orderBy(...orderBy(order))
    .limit(limit + 1);
  return pageOf(rows, limit, (r) => r.cursor);
}

let prepared = false;

async function walk(order: typeof byTime, limit: number) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const { items: rows, nextCursor } = await page(order, limit, cursor);
    seen.push(...rows.map((r) => r.id));
    if (!nextCursor) return seen;
    cursor = nextCursor;
  }
}

async function expectedIds(orderSql: ReturnType<typeof sql>) {
  const rows = await database.db.select({ id: items.id }).from(items).orderBy(orderSql);
  return rows.map((r) => r.id);
}

describe.each([
  ['built per call', false],
  ['prepared', true],
])('keyset pages (%s)', (_, isPrepared) => {
  beforeEach(() => {
    prepared = isPrepared;
  });

  it('walk every row exactly once in the order, through equal sort values and same-millisecond times', async () => {
    await seed();
    for (const limit of [1, 4, 7, 30]) {
      expect(await walk(byTime, limit)).toEqual(await expectedIds(sql`at desc, id desc`));
      expect(await walk(byNumber, limit)).toEqual(await expectedIds(sql`n asc, at asc, id asc`));
    }
  });

  it('never repeat or skip a row when rows are added before the cursor meanwhile', async () => {
    await seed();
    const first = await page(byTime, 10);
    await database.db.execute(
      sql`insert into list_items (id, at, n) select gen_random_uuid(), now() + interval '1 day', 0 from generate_series(1, 5)`,
    );
    const rest = await walk(byTime, 100);
    const after = (await page(byTime, 100, first.nextCursor!)).items.map((r) => r.id);
    expect(after).toHaveLength(20);
    expect(after.some((id) => first.items.some((r) => r.id === id))).toBe(false);
    expect(rest).toHaveLength(35);
  });

  it('refuse a cursor that is not theirs: tampered, another order, wrong types, impossible dates', async () => {
    await seed();
    const { nextCursor } = await page(byTime, 5);
    const keys = JSON.parse(Buffer.from(nextCursor!, 'base64url').toString()) as unknown[];
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad = [
      'abc',
      "';--",
      encode(['items:n', ...keys.slice(1)]),
      encode([keys[0], keys[1]]),
      encode([keys[0], '2026-02-31T10:00:00.000000Z', keys[2]]),
      encode([keys[0], '2026-11-01 10:00:00', keys[2]]),
      encode([keys[0], keys[1], 'not-a-uuid']),
      encode([keys[0], keys[1], keys[2], 'extra']),
      encode({ 0: keys[0] }),
    ];
    for (const cursor of bad) {
      let error: unknown;
      try {
        if (prepared) cursorParams(byTime, cursor);
        else afterCursor(byTime, cursor);
      } catch (err) {
        error = err;
      }
      expect([cursor, error instanceof AppError && error.statusCode]).toEqual([cursor, 400]);
    }
    expect(() => afterCursor(byNumber, encode(['items:n', 1.5, keys[1], keys[2]]))).toThrow(AppError);
    expect(afterCursor(byTime, undefined)).toBeUndefined();
    expect(afterCursor(byTime, '')).toBeUndefined();
    expect(cursorParams(byTime, undefined)).toBeUndefined();
    expect(() => cursorParams(byNumber, nextCursor!)).toThrow(AppError);
  });
});

describe('search', () => {
  it('turns plain words into word-prefix terms and drops everything else', () => {
    expect(prefixQuery('  Para  cetamol!! ')).toBe('para:* & cetamol:*');
    expect(prefixQuery("'); drop table x; --")).toBe('drop:* & table:* & x:*');
    expect(prefixQuery('!!!')).toBeUndefined();
    expect(prefixQuery(undefined)).toBeUndefined();
    expect(prefixQuery('a b c d e f g h i j')).toBe('a:* & b:* & c:* & d:* & e:* & f:* & g:* & h:*');
  });

  it('matches any of the words, leaving out short ones and repeats', () => {
    expect(anyPrefixQuery('Lady Bird cycle, a 26" bird', 2)).toBe('lady:* | bird:* | cycle:* | 26:*');
    expect(anyPrefixQuery("'); drop table x; --", 2)).toBe('drop:* | table:*');
    expect(anyPrefixQuery('a b c ! ?', 2)).toBeUndefined();
    expect(anyPrefixQuery('ab cd ef gh', 2, 2)).toBe('ab:* | cd:*');
  });

  it('matches LIKE wildcards literally', async () => {
    await seed();
    const [row] = await database.db
      .select({
        hit: sql<boolean>`${containsText(sql`'Block 100% A_1'`, '0% a_')}`,
        miss: sql<boolean>`${containsText(sql`'Block 1000 AB1'`, '0% a_')}`,
      })
      .from(items)
      .limit(1);
    expect(row).toEqual({ hit: true, miss: false });
    expect(containsText(items.id, '')).toBeUndefined();
  });
});
