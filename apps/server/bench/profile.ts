/**
 * Where the server's CPU goes on the two hottest reads, on PostgreSQL (run in apps/server):
 *
 *   npx tsx bench/profile.ts NAME                     profiles this tree → docs/perf/profile-NAME.md
 *   npx tsx bench/profile.ts after --before=FILE.js   also profiles an older build (a dist/server.js
 *                                                     built from an earlier commit) in the same run,
 *                                                     interleaved → profile-before.md, profile-after.md
 *
 * Builds dist/server.js, seeds one PostgreSQL database with the request and product bench data, then
 * for each endpoint and build starts the server (NODE_ENV=production, LOG_LEVEL=info, so the access
 * log is paid as in production) and loads it with autocannon from this process, 50 connections:
 *   1. without a profiler: req/s, p50, p99 and CPU time per request (the median of BENCH_ROUNDS
 *      loads, alternating between the builds), next to a bare node:http server measured in the same
 *      run (at the start and at the end);
 *   2. under `node --cpu-prof`: the functions with the most self time while the load ran.
 *
 *   BENCH_DATABASE_URL  PostgreSQL server to create the database on (see bench/common.ts)
 *   BENCH_DURATION      seconds per measurement (default 10)
 *   BENCH_ROUNDS        throughput measurements per build and endpoint, alternating (default 3)
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../src/db/client';
import { createJwt } from '../src/lib/tokens';
import { startSession } from '../src/modules/identity/session.service';
import { createPgDatabase } from './common';
import { seedBenchData } from './data';
import { seedProducts } from './products';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const repoDir = path.resolve(serverDir, '../..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 3;
/** Throughput measurements per build and endpoint (alternating between the builds). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Endpoint {
  label: string;
  path: string;
  token: string;
}
const CONNECTIONS = 50;
const ROWS = 10_000;
const JWT_SECRET = 'profile-secret-that-is-long-enough-for-hs256-signing';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU time (user + system) the server process spent per answered request. */
  cpuMs?: number;
  /** CPU time the PostgreSQL backends serving the database spent per answered request. */
  dbCpuMs?: number;
}

/** CPU time a process has used so far, in ms (Linux /proc; undefined elsewhere). */
function cpuTimeMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The PostgreSQL backends connected to the database (but the one asking), by pid. */
async function backends(monitor: pg.Client | undefined) {
  if (!monitor) return [];
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

/** Loads `url` and answers the figures, with the server's and the database's CPU time per request. */
async function loadWithCpu(
  pid: number,
  url: string,
  headers: Record<string, string>,
  monitor?: pg.Client,
): Promise<Figures> {
  const dbBefore = new Map((await backends(monitor)).map((p) => [p, cpuTimeMs(p) ?? 0]));
  const before = cpuTimeMs(pid);
  const figures = await load(url, headers, DURATION);
  const after = cpuTimeMs(pid);
  const dbAfter = await backends(monitor);
  const requests = figures.rps * DURATION;
  if (before === undefined || after === undefined || requests === 0) return figures;
  const dbMs = dbAfter.reduce((sum, p) => sum + (cpuTimeMs(p) ?? 0) - (dbBefore.get(p) ?? 0), 0);
  return {
    ...figures,
    cpuMs: (after - before) / requests,
    ...(monitor ? { dbCpuMs: dbMs / requests } : {}),
  };
}

interface Entry {
  name: string;
  where: string;
  ms: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function load(url: string, headers: Record<string, string>, duration: number): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

async function baseline(): Promise<Figures> {
  const child = fork(path.join(here, 'hello.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { port } = (await once(child, 'message'))[0] as { port: number };
  try {
    const url = `http://127.0.0.1:${port}/`;
    await load(url, {}, 2);
    return await loadWithCpu(child.pid!, url, {});
  } finally {
    await stop(child);
  }
}

/** The built server on `databaseUrl`, optionally under --cpu-prof; answers once /api/health does. */
async function startServer(server: string, databaseUrl: string, profileDir?: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-profile-'));
  const spawnedAt = Date.now();
  const child = spawn(
    process.execPath,
    [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), server],
    {
      cwd: dataDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        JWT_SECRET,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        RATE_LIMIT_GLOBAL: '1000000000',
        RATE_LIMIT_ACCOUNT: '1000000000',
        RATE_LIMIT_ADDRESS: '1000000000',
      },
      // The access log goes nowhere, as cheaply as to a file.
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited before it was ready');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid!,
    readyAfterMs: Date.now() - spawnedAt,
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** `file:///…/node_modules/pino/lib/tools.js` → `pino/lib/tools.js`; app code relative to the repo. */
function shortUrl(url: string) {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) return file.slice(nm + 'node_modules/'.length);
  return file.startsWith(repoDir) ? path.relative(repoDir, file) : file;
}

/** Self time per function within [fromMs, toMs) after the profile started. */
function selfTimes(profile: CpuProfile, fromMs: number, toMs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, Entry>();
  let t = 0;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i]! / 1000;
    t += delta;
    if (t < fromMs || t >= toMs) continue;
    const node = byId.get(profile.samples[i]!)!;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
    const name = functionName || '(anonymous)';
    const key = `${name} ${where}`;
    const entry = totals.get(key) ?? { name, where, ms: 0 };
    entry.ms += delta;
    totals.set(key, entry);
    total += delta;
  }
  return { entries: [...totals.values()].sort((a, b) => b.ms - a.ms), total };
}

/** Self time grouped by package (or node internals, V8, the app). */
function byPackage(entries: Entry[]) {
  const groups = new Map<string, number>();
  for (const e of entries) {
    let group: string;
    if (!e.where) group = e.name.startsWith('(') ? e.name : 'V8 / native';
    else if (e.where.startsWith('node:')) group = 'node internals';
    else if (e.where.startsWith('apps/') || e.where.startsWith('packages/')) group = 'app code';
    else {
      const parts = e.where.split('/');
      group = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    }
    groups.set(group, (groups.get(group) ?? 0) + e.ms);
  }
  return [...groups.entries()].sort((a, b) => b[1] - a[1]);
}

const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;
const cpu = (f: Figures) => (f.cpuMs === undefined ? '' : f.cpuMs.toFixed(2));
const dbCpu = (f: Figures) => (f.dbCpuMs === undefined ? '' : f.dbCpuMs.toFixed(2));

interface Target {
  name: string;
  server: string;
  rows: Array<{ endpoint: string; figures: Figures }>;
  tables: Array<{ label: string; entries: Entry[]; total: number }>;
}

/** The middle value of `values` (the mean of the two middle ones for an even count). */
function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Throughput, no profiler: every build's server runs at once (idle while the other one is loaded),
 * and the loads alternate between them ROUNDS times, so a spell of other work on the machine hits
 * both alike. Each figure is the median of its rounds.
 */
async function measureThroughput(
  targets: Target[],
  databaseUrl: string,
  endpoint: Endpoint,
  monitor: pg.Client,
) {
  const headers = { authorization: `Bearer ${endpoint.token}` };
  const servers = [];
  try {
    for (const target of targets) servers.push(await startServer(target.server, databaseUrl));
    for (const server of servers) {
      const probe = await fetch(server.base + endpoint.path, { headers });
      if (probe.status !== 200) throw new Error(`${endpoint.path} answered ${probe.status}`);
      await load(server.base + endpoint.path, headers, WARMUP);
    }
    const runs: Figures[][] = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, server] of servers.entries()) {
        await load(server.base + endpoint.path, headers, 2);
        runs[i]!.push(await loadWithCpu(server.pid, server.base + endpoint.path, headers, monitor));
      }
    targets.forEach((target, i) => {
      const all = runs[i]!;
      const pick = (f: (x: Figures) => number | undefined) => {
        const values = all.map(f).filter((v): v is number => v !== undefined);
        return values.length ? median(values) : undefined;
      };
      const figures: Figures = {
        rps: pick((f) => f.rps)!,
        p50: pick((f) => f.p50)!,
        p99: pick((f) => f.p99)!,
        non2xx: all.reduce((sum, f) => sum + f.non2xx, 0),
        errors: all.reduce((sum, f) => sum + f.errors, 0),
        cpuMs: pick((f) => f.cpuMs),
        dbCpuMs: pick((f) => f.dbCpuMs),
      };
      target.rows.push({ endpoint: `GET ${endpoint.path}`, figures });
      console.log(
        `  ${target.name} ${endpoint.label}: ${all.map((f) => Math.round(f.rps)).join(' / ')} req/s, ` +
          `median p99 ${figures.p99} ms, ${cpu(figures)} ms Node CPU a request`,
      );
    });
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** The same load under --cpu-prof; only the samples of the measured window count. */
async function profileTarget(target: Target, databaseUrl: string, endpoint: Endpoint) {
  const headers = { authorization: `Bearer ${endpoint.token}` };
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-cpuprof-'));
  const profiled = await startServer(target.server, databaseUrl, profileDir);
  const windowStart = profiled.readyAfterMs + WARMUP * 1000 + 500;
  try {
    await load(profiled.base + endpoint.path, headers, WARMUP);
    await load(profiled.base + endpoint.path, headers, DURATION);
  } finally {
    await profiled.stop();
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no .cpuprofile written');
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
  rmSync(profileDir, { recursive: true, force: true });
  target.tables.push({
    label: endpoint.label,
    ...selfTimes(profile, windowStart, windowStart + (DURATION - 1) * 1000),
  });
}

function report(target: Target, intro: string[], hello: Figures, compareWith?: Target): string {
  const out: string[] = [`# CPU profile: ${target.name}`, '', ...intro, ''];
  if (compareWith) {
    out.push('## Before and after', '');
    out.push(
      '| endpoint | req/s before | req/s after | p99 ms before | p99 ms after | before vs baseline | after vs baseline | Node CPU ms/req before | Node CPU ms/req after | PostgreSQL CPU ms/req before | PostgreSQL CPU ms/req after |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    target.rows.forEach((row, i) => {
      const before = compareWith.rows[i]!.figures;
      const after = row.figures;
      out.push(
        `| ${row.endpoint} | ${Math.round(before.rps)} | ${Math.round(after.rps)} | ${before.p99} | ${after.p99} | ${pct(before.rps, hello.rps)} | ${pct(after.rps, hello.rps)} | ${cpu(before)} | ${cpu(after)} | ${dbCpu(before)} | ${dbCpu(after)} |`,
      );
    });
    out.push('');
  }
  out.push('## Throughput', '');
  out.push(
    '| endpoint | req/s | p50 ms | p99 ms | vs baseline | Node CPU ms/req | PostgreSQL CPU ms/req | non-2xx | errors |',
  );
  out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const rows: Array<[string, Figures]> = [
    ['node:http hello (baseline)', hello],
    ...target.rows.map((r): [string, Figures] => [r.endpoint, r.figures]),
  ];
  for (const [label, f] of rows)
    out.push(
      `| ${label} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${pct(f.rps, hello.rps)} | ${cpu(f)} | ${dbCpu(f)} | ${f.non2xx} | ${f.errors} |`,
    );
  out.push('');
  for (const t of target.tables) {
    const busy = t.entries.filter((e) => e.name !== '(idle)');
    const busyMs = busy.reduce((sum, e) => sum + e.ms, 0);
    out.push(`## Top ten by self time: ${t.label}`, '');
    out.push(
      `${(t.total / 1000).toFixed(1)} s sampled, of which ${pct(t.total - busyMs, t.total)} idle; shares are of the busy time.`,
      '',
    );
    out.push('| # | function | where | self ms | share |', '| ---: | --- | --- | ---: | ---: |');
    busy.slice(0, 10).forEach((e, i) => {
      out.push(
        `| ${i + 1} | \`${e.name}\` | ${e.where ? `\`${e.where}\`` : ''} | ${Math.round(e.ms)} | ${pct(e.ms, busyMs)} |`,
      );
    });
    out.push('', 'By package (self time):', '', '| package | self ms | share |', '| --- | ---: | ---: |');
    for (const [group, ms] of byPackage(busy).slice(0, 12))
      out.push(`| ${group} | ${Math.round(ms)} | ${pct(ms, busyMs)} |`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

async function main() {
  const args = process.argv.slice(2);
  const name = args.find((a) => !a.startsWith('--')) ?? 'current';
  const beforeServer = args.find((a) => a.startsWith('--before='))?.slice('--before='.length);
  const began = Date.now();
  const loadavg = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const loadAtStart = loadavg();
  console.log('building dist/server.js …');
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  const targets: Target[] = [
    ...(beforeServer ? [{ name: 'before', server: path.resolve(beforeServer), rows: [], tables: [] }] : []),
    { name, server: path.join(serverDir, 'dist/server.js'), rows: [], tables: [] },
  ];

  const db = await createPgDatabase('profile');
  if (!db) throw new Error('PostgreSQL is needed for this profile');
  const monitor = new pg.Client({ connectionString: db.url });
  let hellos: Figures[];
  try {
    await monitor.connect();
    const database = await openPostgres(db.url, 2);
    const requests = await seedBenchData(database.db, ROWS);
    const products = await seedProducts(database.db, ROWS);
    const jwt = createJwt(JWT_SECRET, '2h');
    const dayScholar = requests.dayScholars[0]!;
    const endpoints = [
      {
        label: 'available requests',
        path: '/api/dayscholar/requests/available',
        token: await startSession({ db: database.db, jwt }, dayScholar, 'bench'),
      },
      {
        label: 'products',
        path: '/api/products',
        token: await startSession({ db: database.db, jwt }, products.viewer, 'bench'),
      },
    ];
    await database.close();

    hellos = [await baseline()];
    console.log(`  node:http hello: ${Math.round(hellos[0]!.rps)} req/s`);
    for (const endpoint of endpoints) {
      await measureThroughput(targets, db.url, endpoint, monitor);
      for (const target of targets) await profileTarget(target, db.url, endpoint);
    }
    hellos.push(await baseline());
    console.log(`  node:http hello: ${Math.round(hellos[1]!.rps)} req/s`);
  } finally {
    await monitor.end().catch(() => undefined);
    await db.drop();
  }

  // The baseline is the mean of its two measurements (at the start and at the end of the run).
  const hello: Figures = {
    rps: (hellos[0]!.rps + hellos[1]!.rps) / 2,
    p50: Math.max(hellos[0]!.p50, hellos[1]!.p50),
    p99: Math.max(hellos[0]!.p99, hellos[1]!.p99),
    non2xx: hellos[0]!.non2xx + hellos[1]!.non2xx,
    errors: hellos[0]!.errors + hellos[1]!.errors,
    cpuMs:
      hellos[0]!.cpuMs === undefined || hellos[1]!.cpuMs === undefined
        ? undefined
        : (hellos[0]!.cpuMs + hellos[1]!.cpuMs) / 2,
  };
  const intro = [
    `Generated by \`npx tsx bench/profile.ts ${args.join(' ')}\` (apps/server) on ${new Date().toISOString().slice(0, 10)}` +
      (beforeServer
        ? ', measuring the build before the change and this one in the same run, endpoint by endpoint, ' +
          `their loads alternating (median of ${ROUNDS} each)`
        : '') +
      `: the built server on PostgreSQL with ${ROWS} requests and ${ROWS} products, NODE_ENV=production, ` +
      `LOG_LEVEL=info (access log to /dev/null), ${CONNECTIONS} connections from autocannon in another ` +
      `process, ${DURATION} s per measurement after a warm-up; the node:http baseline is the ` +
      `mean of ${Math.round(hellos[0]!.rps)} and ${Math.round(hellos[1]!.rps)} req/s measured at the start and the end. ` +
      `${os.cpus().length} CPUs, load average ${loadAtStart} at the start and ${loadavg()} at the end ` +
      `(other work on the machine skews every figure); ${((Date.now() - began) / 1000).toFixed(0)} s in all. ` +
      '"Node CPU ms/req" is the CPU time (user + system) of the server process divided by the requests it ' +
      'answered, "PostgreSQL CPU ms/req" the same for the database backends serving it: they depend far less ' +
      'on the other work on the machine than req/s does.',
  ];
  const docs = path.join(repoDir, 'docs/perf');
  mkdirSync(docs, { recursive: true });
  for (const target of targets) {
    const compareWith = target === targets[0] ? undefined : targets[0];
    const file = path.join(docs, `profile-${target.name}.md`);
    writeFileSync(file, report(target, intro, hello, compareWith));
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
