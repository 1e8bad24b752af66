import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { createRequest, createUser } from '../test/factories';
import { migrationsDir, openPostgres, type Db } from './client';
import { EmbeddedPostgresError } from './embedded';
import { dumpPglite, loadDump } from './pglite-dump';
import * as schema from './schema';

const dir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-pglite-'));
const name = `campusrun_import_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: inject('testDatabaseUrl') });

afterAll(async () => {
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

describe('db:import-pglite', () => {
  it('copies a PGlite data directory of the earlier build into an empty PostgreSQL database', async () => {
    // The earlier build's data directory: PGlite with the migrations and some rows.
    const old = await PGlite.create({ dataDir: dir });
    const oldDb = drizzle({ client: old, schema }) as unknown as Db;
    await migrate(drizzle({ client: old, schema }), { migrationsFolder: migrationsDir() });
    const user = await createUser(oldDb, { name: "Asha O'Rao", role: 'hosteller' });
    const request = await createRequest(oldDb, { requester: user, itemName: 'Notebook\nruled, A4' });
    await old.close();

    const sql = await dumpPglite(dir);
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(inject('testDatabaseUrl'));
    target.pathname = `/${name}`;
    await loadDump(sql, target.toString());

    const database = await openPostgres(target.toString(), 1);
    try {
      const [imported] = await database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
      expect(imported).toEqual(user);
      const [row] = await database.db
        .select()
        .from(schema.requests)
        .where(eq(schema.requests.id, request.id));
      expect(row).toEqual(request);
      // The sequences came along: the next request number follows the imported one.
      const next = await createRequest(database.db, { requester: user });
      expect(next.number).toBeGreaterThan(request.number);
    } finally {
      await database.close();
    }

    // A database that already has tables is refused, and left as it was.
    await expect(loadDump(sql, target.toString())).rejects.toBeInstanceOf(EmbeddedPostgresError);
  }, 120_000);
});
