import { describe, expect, it } from 'vitest';
import { statementSummary } from './tracing';

describe('what a query is called in traces', () => {
  it.each([
    ['select "id", "name" from "users" where "id" = $1', 'SELECT', 'users'],
    ['insert into "requests" ("id") values ($1) returning "id"', 'INSERT', 'requests'],
    ['update "settlements" set "tip" = $1', 'UPDATE', 'settlements'],
    ['delete from public.sessions where id = $1', 'DELETE', 'sessions'],
    [
      '  -- the newest first\n/* batch */ (select 1 from messages) union all (select 2)',
      'SELECT',
      'messages',
    ],
    ['with due as (select id from pgboss.job) update pgboss.job set state = $1', 'WITH', 'job'],
    [
      'alter table "x" add constraint "y" foreign key ("a") references "b"("c") on update no action',
      'ALTER',
      undefined,
    ],
    ['begin', 'BEGIN', undefined],
    ['$$ odd', 'QUERY', undefined],
  ])('%s', (text, operation, table) => {
    expect(statementSummary(text)).toEqual({ operation, table });
  });
});
