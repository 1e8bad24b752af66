/**
 * The server's bench table (part of `npm run bench`): every endpoint beside a bare node:http server
 * measured in the same run, with its target, the ratio and PASS/MISS; then the write rates, the chat,
 * memory and start time. Writes the table to docs/perf/bench-latest.md as well.
 *
 * Load: wrk (a separate process) when it is installed, else autocannon in worker threads of this
 * process; 50 connections either way. Data: 10,000 requests and 10,000 products (bench/target.ts),
 * on the embedded PostgreSQL server as `npm start` runs it, or on BENCH_TARGET_URL.
 *
 *   BENCH_DURATION   seconds per read measurement (default 10; writes take half)
 *   BENCH_ROWS       requests and products to seed (default 10000)
 *   BENCH_SKIP_CHAT  1 to leave out the chat row (it takes about a minute)
 */
import { execFileSync, fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { CONNECTIONS, DURATION, type Load, WRK, load } from './load';
import { postgresMemory, rssOf } from './memory';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const repoRoot = path.resolve(serverDir, '../..');

interface Target {
  port: number;
  pid: number;
  hostellerToken: string;
  dayScholarToken: string;
  idsFile: string;
  pending: number;
  seedMs: number;
  dataDir: string;
}

async function start<T>(script: string, env: Record<string, string> = {}) {
  const child = fork(path.join(here, script), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${script} exited with code ${code} before it was ready`)));
  });
  return { child, info };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'campusrun-bench-table-'));

/** Time from spawning the built server on an existing data directory to its first 200 of /api/health. */
async function startTimes(runs: number) {
  const entry = path.join(serverDir, 'dist/server.js');
  if (!existsSync(entry))
    execFileSync('npm', ['run', 'build', '-w', '@campusrun/server'], { cwd: repoRoot, stdio: 'ignore' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-bench-start-'));
  execFileSync('chmod', ['711', dataDir]);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  const once200 = async (child: ChildProcess) => {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited during start');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(5);
    }
  };
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const began = performance.now();
    const child = spawn(process.execPath, [entry], { env, stdio: 'ignore' });
    await once200(child);
    if (i > 0) times.push(performance.now() - began); // the first run creates the data directory
    await stop(child);
  }
  rmSync(dataDir, { recursive: true, force: true });
  return times.sort((a, b) => a - b);
}

type Verdict = { result: string; target: string; pass: boolean };
const rows: Array<{ name: string } & Verdict & { ratio?: string }> = [];
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;

function readRow(name: string, r: Load, bare: number, share: number, p99Max?: number) {
  const pass = r.rps >= bare * share && (p99Max === undefined || r.p99 <= p99Max) && r.failed === 0;
  rows.push({
    name,
    result: `${Math.round(r.rps).toLocaleString('en')} req/s, p99 ${r.p99.toFixed(1)} ms${r.failed ? `, ${r.failed} failed` : ''}`,
    ratio: pct(r.rps, bare),
    target: `≥ ${share * 100} % of bare${p99Max ? `, p99 ≤ ${p99Max} ms` : ''}`,
    pass,
  });
}

async function main() {
  console.log(
    `CampusRun bench table: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `Load generator: ${WRK ? 'wrk (separate process)' : 'autocannon (worker threads; install wrk for a separate process)'}, ${CONNECTIONS} connections, ${DURATION} s per read`,
  );

  const hello = await start<{ port: number }>('hello.ts');
  const target = await start<Target>(
    'target.ts',
    process.env.BENCH_TARGET_URL ? { BENCH_TARGET_URL: process.env.BENCH_TARGET_URL } : {},
  );
  const t = target.info;
  console.log(`  seeded and started in ${(t.seedMs / 1000).toFixed(1)} s; ${t.pending} pending requests`);
  const base = `http://127.0.0.1:${t.port}`;
  const hostel = { authorization: `Bearer ${t.hostellerToken}` };
  const scholar = { authorization: `Bearer ${t.dayScholarToken}` };
  await sleep(2000);
  const rssIdle = rssOf(t.pid);
  const pgIdle = postgresMemory(t.pid);

  try {
    // Warm both up, then the baseline.
    await load(`http://127.0.0.1:${hello.info.port}/`, { seconds: 2 });
    const bare = (await load(`http://127.0.0.1:${hello.info.port}/`)).rps;
    console.log(`  bare node:http: ${Math.round(bare)} req/s`);
    const reads: Array<[string, string, Record<string, string>, number, number | undefined]> = [
      ['GET /api/health', '/api/health', {}, 0.4, undefined],
      ['available requests, first page', '/api/dayscholar/requests/available', scholar, 0.25, 25],
      [
        'available requests, filtered',
        '/api/dayscholar/requests/available?search=milk&minFee=100&sort=highestFee',
        scholar,
        0.25,
        25,
      ],
      ['products list', '/api/products', hostel, 0.25, 25],
      ['products search', '/api/products?search=chair&category=furniture&sort=price-low', hostel, 0.25, 25],
      ['my-requests', '/api/requests/my-requests', hostel, 0.06, 50],
      ['my-deliveries', '/api/requests/my-deliveries', scholar, 0.06, 50],
      ['conversations', '/api/chat/conversations', hostel, 0.06, 50],
      ['notifications', '/api/notifications', hostel, 0.06, 50],
      ['dashboard stats (hosteller)', '/api/hosteller/stats', hostel, 0.06, 50],
      ['dashboard stats (day scholar)', '/api/dayscholar/stats', scholar, 0.06, 50],
    ];
    for (const [name, url, headers, share, p99] of reads) {
      const probe = await fetch(base + url, { headers });
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}: ${await probe.text()}`);
      await load(base + url, { headers, seconds: 2 });
      const r = await load(base + url, { headers });
      readRow(name, r, bare, share, p99);
      console.log(`  ${name}: ${rows.at(-1)!.result}`);
    }

    // Writes: a hosteller posts requests; a day scholar accepts pending ones, each once.
    const deadline = new Date(Date.now() + 48 * 3600_000).toISOString();
    const body = JSON.stringify({
      itemName: 'Bench milk',
      description: 'Amul toned milk, 1 litre',
      quantity: 1,
      expectedPrice: 40,
      deadline,
      deliveryLocation: 'Block A gate',
      category: 'groceries',
      isUrgent: false,
    });
    const writeSeconds = Math.max(3, Math.round(DURATION / 2));
    const create = await load(`${base}/api/requests`, {
      seconds: writeSeconds,
      method: 'POST',
      body,
      headers: { ...hostel, 'content-type': 'application/json' },
    });
    const accept = await load(base, {
      seconds: writeSeconds,
      method: 'PUT',
      headers: scholar,
      idsFile: t.idsFile,
      pathOf: '/api/requests/:id/accept',
    });
    for (const [name, r] of [
      ['create request', create],
      ['accept', accept],
    ] as const) {
      const perSecond = r.ok / writeSeconds;
      rows.push({
        name,
        result: `${Math.round(perSecond).toLocaleString('en')} writes/s, p99 ${r.p99.toFixed(1)} ms${r.failed ? `, ${r.failed} refused` : ''}`,
        target: '≥ 1,000 writes/s',
        pass: perSecond >= 1000,
      });
      console.log(`  ${name}: ${rows.at(-1)!.result}`);
    }

    const rssAfter = rssOf(t.pid);
    const pgAfter = postgresMemory(t.pid);
    rows.push({
      name: 'Node RSS idle (after start) / after the run',
      result: `${(rssIdle / 2 ** 20).toFixed(0)} MB / ${(rssAfter / 2 ** 20).toFixed(0)} MB`,
      target: '≤ 150 MB idle',
      pass: rssIdle <= 150 * 2 ** 20,
    });
    if (pgIdle && pgAfter)
      rows.push({
        name: 'embedded PostgreSQL, idle / after the run',
        result: `RSS summed ${(pgIdle.rss / 2 ** 20).toFixed(0)} / ${(pgAfter.rss / 2 ** 20).toFixed(0)} MB (PSS ${(pgIdle.pss / 2 ** 20).toFixed(0)} / ${(pgAfter.pss / 2 ** 20).toFixed(0)} MB, ${pgAfter.processes} processes)`,
        target: '≤ 80 MB',
        pass: pgIdle.rss <= 80 * 2 ** 20,
      });
  } finally {
    await stop(target.child);
    await stop(hello.child);
  }

  if (!process.env.BENCH_SKIP_CHAT) {
    const summaryFile = path.join(tmp, 'chat.json');
    spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'sockets.ts')], {
      cwd: serverDir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        BENCH_SOCKETS: '1000',
        BENCH_RATE: '1000',
        BENCH_SECONDS: '30',
        BENCH_EMBEDDED_ONLY: '1',
        BENCH_SUMMARY: summaryFile,
      },
    });
    if (existsSync(summaryFile)) {
      const c = JSON.parse(readFileSync(summaryFile, 'utf8')) as {
        sockets: number;
        rate: number;
        seconds: number;
        sent: number;
        delivered: number;
        duplicates: number;
        p99: number;
      };
      const lost = c.sent - c.delivered;
      rows.push({
        name: `chat: ${c.sockets} sockets, ${c.rate} messages/s for ${c.seconds} s`,
        result: `${c.sent} sent, ${lost} lost, ${c.duplicates} duplicates, p99 ${c.p99.toFixed(1)} ms`,
        target: '0 lost, p99 < 50 ms',
        pass: lost === 0 && c.duplicates === 0 && c.p99 < 50,
      });
    } else rows.push({ name: 'chat', result: 'did not run', target: '0 lost, p99 < 50 ms', pass: false });
  }

  const starts = await startTimes(5);
  const median = starts[Math.floor(starts.length / 2)]!;
  rows.push({
    name: 'start on an existing data directory → first 200 of /api/health',
    result: `median ${median.toFixed(0)} ms (${starts.map((s) => s.toFixed(0)).join(', ')})`,
    target: '≤ 1,000 ms',
    pass: median <= 1000,
  });

  const table = [
    '| endpoint | target | result | of bare | |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) => `| ${r.name} | ${r.target} | ${r.result} | ${r.ratio ?? ''} | ${r.pass ? 'PASS' : 'MISS'} |`,
    ),
  ].join('\n');
  const header = `Measured ${new Date().toISOString()} on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? ''}), load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )}; ${WRK ? 'wrk' : 'autocannon'}, ${CONNECTIONS} connections, ${DURATION} s per read; ${process.env.BENCH_TARGET_URL ? 'external PostgreSQL' : 'embedded PostgreSQL'}.`;
  console.log(`\n${header}\n\n${table}\n`);
  mkdirSync(path.join(repoRoot, 'docs/perf'), { recursive: true });
  writeFileSync(
    path.join(repoRoot, 'docs/perf/bench-latest.md'),
    `# Bench table (\`npm run bench\`)\n\n${header}\n\n${table}\n`,
  );
  rmSync(tmp, { recursive: true, force: true });
}

await main().catch((err: unknown) => {
  console.error(err);
  rmSync(tmp, { recursive: true, force: true });
  process.exit(1);
});
