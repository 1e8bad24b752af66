import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPostgres } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the test databases are created on (its maintenance database). */
    testDatabaseUrl: string;
    pgTemplateDb: string;
  }
}

/**
 * Migrates one template database per run; each test file creates its own database from it
 * (CREATE DATABASE … TEMPLATE). The server is TEST_DATABASE_URL's, or else one throwaway embedded
 * PostgreSQL started here for the whole run.
 */
export default async function setup(project: TestProject) {
  let dir: string | undefined;
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dir = tempDataDir('campusrun-test-');
    server = await startEmbeddedPostgres(dir, {
      database: 'postgres',
      throwaway: true,
      log: () => {},
      onUnexpectedExit: (message) => console.error(message),
    });
    url = server.url;
  }
  // One template per project of the run (the server suite has two), each under its own name.
  const name = `campusrun_tpl_${process.pid}_${project.name.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 1);
  await database.close();
  project.provide('testDatabaseUrl', url);
  project.provide('pgTemplateDb', name);
  return async () => {
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * A fresh temporary data directory. Others may enter it (not list it): as root, the embedded
 * PostgreSQL server runs as the user `postgres`, which must reach DIR/pg.
 */
export function tempDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o711);
  return dir;
}
