/**
 * Where the server's CPU goes on the two hottest reads, on PostgreSQL (`npx tsx bench/profile.ts NAME`
 * in apps/server; writes docs/perf/profile-NAME.md at the repository root).
 *
 * Builds dist/server.js, seeds one PostgreSQL database with the request and product bench data, then
 * for each endpoint starts the built server (NODE_ENV=production, LOG_LEVEL=info, so the access log
 * is paid as in production) and loads it with autocannon from this process, 50 connections:
 *   1. without a profiler: req/s, p50, p99, next to a bare node:http server measured in the same run;
 *   2. under `node --cpu-prof`: the functions with the most self time while the load ran.
 *
 *   BENCH_DATABASE_URL  PostgreSQL server to create the database on (see bench/common.ts)
 *   BENCH_DURATION      seconds per measurement (default 10)
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openPostgres } from '../src/db/client';
import { createJwt } from '../src/lib/tokens';
import { createPgDatabase } from './common';
import { seedBenchData } from './data';
import { seedProducts } from './products';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const repoDir = path.resolve(serverDir, '../..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 3;
const CONNECTIONS = 50;
const ROWS = 10_000;
const JWT_SECRET = 'profile-secret-that-is-long-enough-for-hs256-signing';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
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
    return await load(url, {}, DURATION);
  } finally {
    await stop(child);
  }
}

/** The built server on `databaseUrl`, optionally under --cpu-prof; answers once /api/health does. */
async function startServer(databaseUrl: string, profileDir?: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-profile-'));
  const spawnedAt = Date.now();
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      path.join(serverDir, 'dist/server.js'),
    ],
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

async function main() {
  const name = process.argv[2] ?? 'run';
  const began = Date.now();
  const loadavg = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const out: string[] = [];
  const say = (line = '') => {
    console.log(line);
    out.push(line);
  };
  console.log('building dist/server.js …');
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });

  const pg = await createPgDatabase('profile');
  if (!pg) throw new Error('PostgreSQL is needed for this profile');
  try {
    const database = await openPostgres(pg.url, 2);
    const requests = await seedBenchData(database.db, ROWS);
    const products = await seedProducts(database.db, ROWS);
    await database.close();
    const jwt = createJwt(JWT_SECRET, '2h');
    const dayScholar = requests.dayScholars[0]!;
    const endpoints = [
      {
        label: 'available requests',
        path: '/api/dayscholar/requests/available',
        token: await jwt.sign({ sub: dayScholar.id, tv: dayScholar.tokenVersion }),
      },
      {
        label: 'products',
        path: '/api/products',
        token: await jwt.sign({ sub: products.viewer.id, tv: products.viewer.tokenVersion }),
      },
    ];

    say(`# CPU profile: ${name}`);
    say();
    say(
      `Generated by \`npx tsx bench/profile.ts ${name}\` (apps/server) on ${new Date().toISOString().slice(0, 10)}: ` +
        `the built server on PostgreSQL with ${ROWS} requests and ${ROWS} products, NODE_ENV=production, ` +
        `LOG_LEVEL=info (access log to /dev/null), ${CONNECTIONS} connections from autocannon, ` +
        `${DURATION} s per measurement after ${WARMUP} s of warm-up. ${os.cpus().length} CPUs, ` +
        `load average ${loadavg()} at the start (other work on the machine skews every figure).`,
    );
    say();

    const hello = await baseline();
    const rows: Array<[string, Figures]> = [['node:http hello (baseline)', hello]];
    const tables: Array<{ label: string; entries: Entry[]; total: number }> = [];
    for (const endpoint of endpoints) {
      const headers = { authorization: `Bearer ${endpoint.token}` };
      // 1. Throughput, no profiler.
      const plain = await startServer(pg.url);
      try {
        const probe = await fetch(plain.base + endpoint.path, { headers });
        if (probe.status !== 200) throw new Error(`${endpoint.path} answered ${probe.status}`);
        await load(plain.base + endpoint.path, headers, WARMUP);
        rows.push([`GET ${endpoint.path}`, await load(plain.base + endpoint.path, headers, DURATION)]);
      } finally {
        await plain.stop();
      }
      // 2. The same load under --cpu-prof; only the samples of the measured window count.
      const profileDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-cpuprof-'));
      const profiled = await startServer(pg.url, profileDir);
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
      tables.push({
        label: endpoint.label,
        ...selfTimes(profile, windowStart, windowStart + (DURATION - 1) * 1000),
      });
    }

    say('## Throughput');
    say();
    say('| endpoint | req/s | p50 ms | p99 ms | vs baseline | non-2xx | errors |');
    say('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [label, f] of rows)
      say(
        `| ${label} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${pct(f.rps, hello.rps)} | ${f.non2xx} | ${f.errors} |`,
      );
    say();
    for (const t of tables) {
      const busy = t.entries.filter((e) => e.name !== '(idle)');
      const busyMs = busy.reduce((s, e) => s + e.ms, 0);
      say(`## Top ten by self time: ${t.label}`);
      say();
      say(
        `${(t.total / 1000).toFixed(1)} s sampled, of which ${pct(t.total - busyMs, t.total)} idle; shares are of the busy time.`,
      );
      say();
      say('| # | function | where | self ms | share |');
      say('| ---: | --- | --- | ---: | ---: |');
      busy.slice(0, 10).forEach((e, i) => {
        say(
          `| ${i + 1} | \`${e.name}\` | ${e.where ? `\`${e.where}\`` : ''} | ${Math.round(e.ms)} | ${pct(e.ms, busyMs)} |`,
        );
      });
      say();
      say('By package (self time):');
      say();
      say('| package | self ms | share |');
      say('| --- | ---: | ---: |');
      for (const [group, ms] of byPackage(busy).slice(0, 12))
        say(`| ${group} | ${Math.round(ms)} | ${pct(ms, busyMs)} |`);
      say();
    }
    say(`Total time ${((Date.now() - began) / 1000).toFixed(0)} s; load average at the end ${loadavg()}.`);
  } finally {
    await pg.drop();
  }
  const docs = path.join(repoDir, 'docs/perf');
  mkdirSync(docs, { recursive: true });
  const target = path.join(docs, `profile-${name}.md`);
  writeFileSync(target, `${out.join('\n')}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), target)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
