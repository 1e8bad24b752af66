/**
 * Moving the data of an earlier CampusRun build (PGlite) into PostgreSQL; the command is
 * scripts/import-pglite.ts. The dump is made by PGlite's own pg_dump (@electric-sql/pglite-tools, a
 * development dependency used only here) on a copy of the folder, so the original is never opened.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresError, IMPORT_PGLITE_COMMAND } from './embedded';

/** SQL (schema and rows as INSERTs, no owners or grants) of the PGlite database in `dir`. */
export async function dumpPglite(dir: string): Promise<string> {
  const tools = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-tools/pg_dump'),
  ]).catch(() => {
    throw new EmbeddedPostgresError(
      `${IMPORT_PGLITE_COMMAND} needs the development dependencies (@electric-sql/pglite-tools): run \`npm ci\` first.`,
    );
  });
  const [{ PGlite }, { pgDump }] = tools;
  const copy = mkdtempSync(path.join(os.tmpdir(), 'campusrun-pglite-'));
  try {
    cpSync(dir, copy, { recursive: true });
    rmSync(path.join(copy, 'postmaster.pid'), { force: true });
    const client = await PGlite.create({ dataDir: copy });
    try {
      const file = await pgDump({ pg: client, args: ['--no-owner', '--no-privileges'] });
      return await file.text();
    } finally {
      await client.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Runs the dump in one transaction on `url`, refusing a database that already has tables. */
export async function loadDump(sql: string, url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.n > 0) {
      throw new EmbeddedPostgresError(
        'The target database already has tables, so the PGlite database was not imported into it. ' +
          'The import needs an empty database (a new DATA_DIR/pg, or an empty one at DATABASE_URL).',
      );
    }
    // The dump is PostgreSQL 18's; the only statement older servers (DATABASE_URL) reject is this setting.
    const { rows: version } = await client.query<{ n: number }>(
      "select current_setting('server_version_num')::int as n",
    );
    if (version[0]!.n < 170000) sql = sql.replace(/^SET transaction_timeout = 0;$/m, '');
    await client.query('begin');
    try {
      await client.query(sql); // several statements in one simple query, inside the transaction
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    }
  } finally {
    await client.end();
  }
}
