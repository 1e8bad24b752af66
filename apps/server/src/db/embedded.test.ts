import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../test/global-setup';
import {
  DataDirLockedError,
  EmbeddedPostgresError,
  IMPORT_PGLITE_COMMAND,
  socketDirFor,
  startEmbeddedPostgres,
} from './embedded';

const embeddedTs = fileURLToPath(new URL('./embedded.ts', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Running, not merely a zombie its new parent has yet to reap. */
const isAlive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
};
const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function count(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Another process that starts the server on dataDir, commits `value` into t and keeps running. */
async function holdInChild(value: number, durable = false) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      tsx,
      '--input-type=module',
      '-e',
      `const { startEmbeddedPostgres } = await import(${JSON.stringify(pathToFileURL(embeddedTs).href)});
       const server = await startEmbeddedPostgres(${JSON.stringify(dataDir)}, { throwaway: ${!durable} });
       const pg = (await import('pg')).default;
       const client = new pg.Client({ connectionString: server.url });
       await client.connect();
       await client.query('insert into t values (${value})');
       console.log('READY');`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = await Promise.race([
    once(child.stdout, 'data').then(([chunk]) => String(chunk)),
    once(child, 'exit').then(([code]) => `exited with code ${code}`),
  ]);
  expect(ready).toContain('READY');
  return child;
}

async function kill9(child: ChildProcess) {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

// No fsync: these cases are about processes, not about the disk (crash.test.ts runs the default).
const fast = { throwaway: true };

// A DATA_DIR too long for DATA_DIR/run/.s.PGSQL.5432 to fit a Unix socket path: every start here
// also proves the fallback socket directory.
const root = tempDataDir('campusrun-embedded-');
const dataDir = path.join(
  root,
  'a-data-directory-path-long-enough-that-its-socket-would-not-fit-in-sun_path-x',
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// With TEST_DATABASE_URL the suite runs on that server and starts no embedded PostgreSQL; these
// cases need none of it and run in the default run (npm test), so CI does not run them twice.
describe.skipIf(process.env.TEST_DATABASE_URL)('embedded PostgreSQL', () => {
  it('keeps the socket path short when DATA_DIR is long', () => {
    expect(Buffer.byteLength(path.join(dataDir, 'run', '.s.PGSQL.5432'))).toBeGreaterThan(107);
    const dir = socketDirFor(dataDir);
    expect(Buffer.byteLength(path.join(dir, '.s.PGSQL.5432'))).toBeLessThanOrEqual(100);
    expect(socketDirFor(dataDir)).toBe(dir);
    expect(socketDirFor(path.join(root, 'short'))).toBe(path.join(root, 'short', 'run'));
  });

  it('creates the cluster, listens on no TCP port, keeps committed rows and refuses a second process', async () => {
    const server = await startEmbeddedPostgres(dataDir, fast);
    try {
      expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query(
        "select current_setting('listen_addresses') as listen, current_database() as db, inet_server_addr() as addr",
      );
      expect(rows[0]).toEqual({ listen: '', db: 'campusrun', addr: null });
      await client.query('create table t (id int primary key)');
      await client.query('insert into t select generate_series(1, 100)');
      await client.end();

      await expect(startEmbeddedPostgres(dataDir, fast)).rejects.toThrow(
        new DataDirLockedError(
          `The database in ${dataDir} is already in use by another CampusRun process (pid ${process.pid}). ` +
            'Stop that process, or set DATA_DIR (or DATABASE_URL) to run a second one.',
        ),
      );
    } finally {
      await server.stop();
    }
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'campusrun.lock'))).toBe(false);
  }, 60_000);

  it('a stale lock or a postmaster.pid naming another live process never blocks a start', async () => {
    writeFileSync(path.join(dataDir, 'campusrun.lock'), '2147483646'); // no such process
    const other = spawn('sleep', ['30']);
    writeFileSync(
      path.join(dataDir, 'pg', 'postmaster.pid'),
      `${other.pid}\n${path.join(dataDir, 'pg')}\n1700000000\n5432\n/tmp\n\n  1234   5678\nready   \n`,
    );
    try {
      const server = await startEmbeddedPostgres(dataDir, fast);
      expect(await count(server.url)).toBe(100);
      await server.stop();
      expect(isAlive(other.pid!)).toBe(true); // only the file was stale; the process is left alone
    } finally {
      other.kill();
    }
  }, 60_000);

  it('refuses a second process, and stops a postmaster left running by a process killed with kill -9', async () => {
    const child = await holdInChild(101);
    await expect(startEmbeddedPostgres(dataDir, fast)).rejects.toThrow(
      `The database in ${dataDir} is already in use by another CampusRun process (pid ${child.pid}).`,
    );
    const left = postmasterPid(dataDir);
    await kill9(child);
    expect(isAlive(left)).toBe(true);

    const messages: string[] = [];
    const server = await startEmbeddedPostgres(dataDir, { ...fast, log: (m) => messages.push(m) });
    try {
      expect(isAlive(left)).toBe(false);
      expect(messages.join('\n')).toContain(`Stopping the PostgreSQL server (pid ${left})`);
      expect(await count(server.url)).toBe(101);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('recovers every committed row after kill -9 of the process and of PostgreSQL', async () => {
    const child = await holdInChild(102, true); // synchronous commit: the commit has reached the WAL
    const postmaster = postmasterPid(dataDir);
    await kill9(child);
    process.kill(postmaster, 'SIGKILL');
    const server = await startEmbeddedPostgres(dataDir);
    try {
      expect(await count(server.url)).toBe(102);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('refuses the PGlite data directory of an earlier build, naming the import command', async () => {
    const old = tempDataDir('campusrun-pglite-');
    try {
      mkdirSync(path.join(old, 'db'));
      writeFileSync(path.join(old, 'db', 'PG_VERSION'), '17\n');
      const start = startEmbeddedPostgres(old);
      await expect(start).rejects.toBeInstanceOf(EmbeddedPostgresError);
      await expect(start).rejects.toThrow(`Run \`${IMPORT_PGLITE_COMMAND}\` once`);
      expect(existsSync(path.join(old, 'pg'))).toBe(false);
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });
});
