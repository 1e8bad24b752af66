/**
 * One writer per table: each table is inserted into, updated and deleted from by the one module
 * that owns it. Another module that must change a table asks its owner through a port handed in by
 * `services.ts`, so a table's rules (its transitions, what a row may hold) live in one place.
 *
 * This test scans the server's source for writes, Drizzle's (`.insert(t)`, `.update(t)`,
 * `.delete(t)`) and raw SQL's (`insert into`, `update`, `delete from`, `truncate`), and fails on any
 * write outside the table's owner.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/** The owner of each table: a module folder (`modules/<name>`) or an infrastructure folder. */
export const tableOwners: Record<TableName, string> = {
  users: 'modules/identity',
  pendingRegistrations: 'modules/identity',
  passwordResetTokens: 'modules/identity',
  sessions: 'modules/identity',
  requests: 'modules/requests',
  trips: 'modules/trips',
  runs: 'modules/runs',
  products: 'modules/products',
  productImages: 'modules/products',
  savedProducts: 'modules/products',
  offers: 'modules/offers',
  messages: 'modules/chat',
  notifications: 'modules/notifications',
  ratings: 'modules/ratings',
  reports: 'modules/reports',
  userBlocks: 'modules/blocks',
  follows: 'modules/follows',
  savedSearches: 'modules/searches',
  savedSearchHits: 'modules/searches',
  wantedPosts: 'modules/wanted',
  wantedHits: 'modules/wanted',
  lostFoundPosts: 'modules/lost-found',
  lostFoundClaims: 'modules/lost-found',
  lostFoundMatches: 'modules/lost-found',
  moderationActions: 'modules/moderation',
  pushSubscriptions: 'modules/push',
  emailSends: 'modules/emails',
  settlements: 'modules/settlements',
  disputes: 'modules/settlements',
  backupRuns: 'backup',
};

/**
 * Folders that write every table by design: a restore loads a whole backup, and the demo seed fills
 * an empty database with sample rows before any module runs.
 */
const writesEveryTable = ['backup/restore.ts', 'seeds'];

const srcDir = join(__dirname, '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });

/** `modules/requests/requests.repo.ts` → `modules/requests`; `backup/schedule.ts` → `backup`. */
const folderOf = (file: string): string => {
  const parts = file.split('/');
  return parts[0] === 'modules' ? parts.slice(0, 2).join('/') : parts.slice(0, -1).join('/') || file;
};

const isExempt = (file: string) =>
  writesEveryTable.some((path) => file === path || file.startsWith(`${path}/`));

/** Each table by its schema identifier and by its SQL name. */
const tables = Object.entries(schema).flatMap(([key, value]) =>
  is(value, PgTable) ? [{ key: key as TableName, sqlName: getTableName(value) }] : [],
);
const byIdentifier = new Map<string, TableName>(tables.map((t) => [t.key, t.key]));
const bySqlName = new Map<string, TableName>(tables.map((t) => [t.sqlName, t.key]));

/** Local names a file gives the schema's tables (`import { requests as requestRows }`). */
const aliasesOf = (text: string): Map<string, TableName> => {
  const aliases = new Map(byIdentifier);
  for (const block of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*\/?db\/schema[^']*'/g)) {
    for (const [, name, local] of block[1]!.matchAll(/(\w+)\s+as\s+(\w+)/g)) {
      const table = byIdentifier.get(name!);
      if (table) aliases.set(local!, table);
    }
  }
  return aliases;
};

type Write = { file: string; line: number; table: TableName; how: string };

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

const writesIn = (file: string, text: string): Write[] => {
  const aliases = aliasesOf(text);
  const found: Write[] = [];
  const drizzle = /\.(insert|update|delete)\(\s*(?:schema\.)?(\w+)\s*\)/g;
  for (const m of text.matchAll(drizzle)) {
    const table = aliases.get(m[2]!);
    if (table) found.push({ file, line: lineAt(text, m.index), table, how: `.${m[1]}(${m[2]})` });
  }
  // Raw SQL names its table either by interpolating the schema object or by its SQL name.
  const raw =
    /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:\$\{\s*(?:schema\.)?(\w+)\s*\}|"?([a-z_]+)"?)/gi;
  for (const m of text.matchAll(raw)) {
    const table = m[2] ? aliases.get(m[2]) : bySqlName.get(m[3]!);
    if (table) {
      const how = m[1]!.toLowerCase().replace(/\s+/g, ' ');
      found.push({ file, line: lineAt(text, m.index), table, how: `${how} ${m[2] ?? m[3]}` });
    }
  }
  return found;
};

const allWrites = (): Write[] =>
  sourceFiles(srcDir).flatMap((path) => {
    const file = relative(srcDir, path).split(sep).join('/');
    return writesIn(file, readFileSync(path, 'utf8'));
  });

describe('table owners', () => {
  it('names an owner for every table of the schema', () => {
    expect(Object.keys(tableOwners).sort()).toEqual(tables.map((t) => t.key).sort());
  });

  it('finds the writes it looks for (the scan itself works)', () => {
    const writes = allWrites();
    expect(writes.some((w) => w.table === 'requests' && w.file.startsWith('modules/requests/'))).toBe(true);
    expect(writes.some((w) => w.table === 'backupRuns' && w.file === 'backup/schedule.ts')).toBe(true);
  });

  it('has each table written only by its owner', () => {
    const offenders = allWrites()
      .filter((w) => !isExempt(w.file) && folderOf(w.file) !== tableOwners[w.table])
      .map((w) => `${w.file}:${w.line} ${w.how} writes ${w.table}, owned by ${tableOwners[w.table]}`);
    expect(offenders, 'Ask the owning module through a port in services.ts instead').toEqual([]);
  });
});
