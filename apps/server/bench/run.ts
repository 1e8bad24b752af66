/**
 * npm run bench: 10,000 seeded requests on the embedded PostgreSQL server and (when reachable) an external one, 50 connections,
 * against a bare node:http baseline measured in the same run. Prints req/s, p50, p99 and the ratio.
 *
 *   BENCH_DATABASE_URL  a PostgreSQL server to create the bench database on
 *                       (default postgres://postgres@127.0.0.1:5432/postgres; skipped if unreachable)
 *   BENCH_DURATION      seconds per measurement (default 10)
 *   BENCH_ROWS          requests to seed (default 10000)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createPgDatabase } from './common';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const CONNECTIONS = 50;
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);

const AVAILABLE = '/api/dayscholar/requests/available?search=milk&minFee=100&sort=highestFee';
const MY_REQUESTS = '/api/requests/my-requests';

interface Row {
  target: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  rows?: number;
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

async function measure(target: string, endpoint: string, url: string, headers: Record<string, string> = {}) {
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}: ${await probe.text()}`);
  const body = (await probe.json()) as Record<string, unknown>;
  const list = Object.values(body).find(Array.isArray) as unknown[] | undefined;
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const row: Row = {
    target,
    endpoint,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    rows: list?.length,
  };
  console.log(
    `  ${target.padEnd(10)} ${endpoint.padEnd(14)} ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`,
  );
  return row;
}

async function benchApp(target: string, env: Record<string, string>, rows: Row[]) {
  const started = Date.now();
  const { child, info } = await start<{ port: number; hostellerToken: string; dayScholarToken: string }>(
    'server.ts',
    { ...env, BENCH_ROWS: String(ROWS) },
  );
  console.log(
    `  ${target}: seeded ${ROWS} requests and started in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  try {
    const base = `http://127.0.0.1:${info.port}`;
    rows.push(
      await measure(target, 'available', base + AVAILABLE, {
        authorization: `Bearer ${info.dayScholarToken}`,
      }),
    );
    rows.push(
      await measure(target, 'my-requests', base + MY_REQUESTS, {
        authorization: `Bearer ${info.hostellerToken}`,
      }),
    );
  } finally {
    await stop(child);
  }
}

function printTable(rows: Row[], baseline: number) {
  const header = [
    'target',
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs baseline',
    'rows',
    'non-2xx',
    'errors',
  ];
  const lines = rows.map((r) => [
    r.target,
    r.endpoint,
    String(Math.round(r.rps)),
    String(r.p50),
    String(r.p99),
    `${((r.rps / baseline) * 100).toFixed(1)} %`,
    r.rows === undefined ? '' : String(r.rows),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log();
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  const began = Date.now();
  console.log(
    `CampusRun bench: ${ROWS} requests, ${CONNECTIONS} connections, ${DURATION} s per measurement (+${WARMUP} s warm-up)`,
  );
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `${os.cpus().length} CPUs, load average ${load()} (other work on the machine skews every figure)`,
  );
  const rows: Row[] = [];

  const hello = await start<{ port: number }>('hello.ts');
  try {
    rows.push(await measure('node:http', 'hello', `http://127.0.0.1:${hello.info.port}/`));
  } finally {
    await stop(hello.child);
  }

  await benchApp('embedded PostgreSQL', {}, rows);

  const pgDb = await createPgDatabase('requests');
  if (pgDb) {
    try {
      await benchApp('PostgreSQL', { BENCH_TARGET_URL: pgDb.url }, rows);
    } finally {
      await pgDb.drop();
    }
  }

  printTable(rows, rows[0]!.rps);
  console.log(
    `\nGET ${AVAILABLE}\nGET ${MY_REQUESTS} (a hosteller with ${ROWS / 100} requests; first page of 50)`,
  );
  console.log(`Total time ${((Date.now() - began) / 1000).toFixed(0)} s; load average at the end ${load()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
