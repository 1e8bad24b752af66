/**
 * Node runtimes side by side (not part of `npm run bench`; run it with `npx tsx bench/runtimes.ts`
 * from apps/server after `npm run build`): the built server, started as `npm start` runs it (one
 * process, dist/server.js, with its embedded PostgreSQL), on each runtime in turn, alternating
 * (A B A B …), on one seeded data directory (bench/target.ts's data: 10,000 requests and products, a
 * member with 2,000 requests and 5,000 notifications). Each round measures the lists with wrk beside
 * a bare node:http server on the same runtime, and the memory of the server process and of its
 * PostgreSQL processes, idle and after the load.
 *
 *   BENCH_RUNTIMES  `label=node binary [flags]` entries separated by `;` (default: the machine's
 *                   /usr/bin/node and the project's node_modules/.bin/node)
 *   BENCH_ROUNDS    rounds per runtime (default 2)
 *   BENCH_DURATION  seconds per list (default 10)
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startChild } from './child';
import { load, WRK } from './load';
import { postgresMemory, rssOf } from './memory';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const repoRoot = path.resolve(serverDir, '../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MB = 2 ** 20;

interface Runtime {
  label: string;
  bin: string;
  flags: string[];
  version: string;
}

function runtimes(): Runtime[] {
  const spec =
    process.env.BENCH_RUNTIMES ??
    `machine=/usr/bin/node;project=${path.join(repoRoot, 'node_modules/.bin/node')}`;
  return spec
    .split(';')
    .filter(Boolean)
    .map((entry) => {
      const split = entry.indexOf('=');
      const [label, command] = [entry.slice(0, split), entry.slice(split + 1)];
      const [bin, ...flags] = command.trim().split(/\s+/) as [string, ...string[]];
      const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
      return {
        label: `${label} (${version}${flags.length ? ` ${flags.join(' ')}` : ''})`,
        bin,
        flags,
        version,
      };
    });
}

interface Seeded {
  hostellerToken: string;
  dayScholarToken: string;
  dataDir: string;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** The built server on `runtime`, on the seeded data; answers once /api/health/ready says 200. */
async function startServer(runtime: Runtime, dataDir: string) {
  const port = await freePort();
  const child = spawn(runtime.bin, [...runtime.flags, path.join(serverDir, 'dist/server.js')], {
    cwd: dataDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      // The secret the seeding signed the sessions with (bench/common.ts).
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_GLOBAL: '1000000000',
      RATE_LIMIT_ACCOUNT: '1000000000',
      RATE_LIMIT_ADDRESS: '1000000000',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null)
      throw new Error(`the server on ${runtime.label} exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base };
    await sleep(100);
  }
  throw new Error(`the server on ${runtime.label} was not ready in 60 s`);
}

interface Round {
  runtime: string;
  bare: number;
  lists: Record<string, { rps: number; p99: number; failed: number }>;
  idleMb: number;
  afterMb: number;
  postgresMb: number;
}

async function round(runtime: Runtime, seeded: Seeded): Promise<Round> {
  // The baseline on the runtime measured (startChild would fork it on this process's Node).
  const bareChild = fork(path.join(here, 'hello.ts'), [], {
    execPath: runtime.bin,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [{ port: barePort }] = (await once(bareChild, 'message')) as [{ port: number }];
  const { child, base } = await startServer(runtime, seeded.dataDir);
  try {
    await sleep(2000);
    const idleMb = rssOf(child.pid!) / MB;
    const hostel = { authorization: `Bearer ${seeded.hostellerToken}` };
    const scholar = { authorization: `Bearer ${seeded.dayScholarToken}` };
    const lists: Array<[string, string, Record<string, string>]> = [
      ['available requests', '/api/dayscholar/requests/available', scholar],
      ['products', '/api/products', hostel],
      ['my requests', '/api/requests/my-requests', hostel],
      ['my deliveries', '/api/requests/my-deliveries', scholar],
      ['notifications', '/api/notifications', hostel],
      ['chat list', '/api/chat/conversations', hostel],
    ];
    // Warm both up (the JIT, the caches), then the baseline and each list.
    await load(`http://127.0.0.1:${barePort}/`, { seconds: 2 });
    for (const [, url, headers] of lists) await load(base + url, { seconds: 1, headers });
    const bare = (await load(`http://127.0.0.1:${barePort}/`)).rps;
    const measured: Round['lists'] = {};
    for (const [name, url, headers] of lists) {
      const r = await load(base + url, { headers });
      measured[name] = { rps: r.rps, p99: r.p99, failed: r.failed };
    }
    return {
      runtime: runtime.label,
      bare,
      lists: measured,
      idleMb,
      afterMb: rssOf(child.pid!) / MB,
      postgresMb: (postgresMemory(child.pid!)?.pss ?? 0) / MB,
    };
  } finally {
    await stop(child);
    await stop(bareChild);
  }
}

async function main() {
  if (!WRK) throw new Error('bench/runtimes.ts needs wrk (apt-get install wrk)');
  execFileSync('npm', ['run', 'build', '-w', '@campusrun/server'], { cwd: repoRoot, stdio: 'ignore' });
  const all = runtimes();
  console.log(`Runtimes: ${all.map((r) => r.label).join(', ')}; ${ROUNDS} rounds each, alternating`);
  // Seed once (on this process's Node), keep the data, stop the seeding server.
  const target = await startChild<Seeded>(path.join(here, 'target.ts'), [], {
    env: { BENCH_KEEP_DATA: '1' },
  });
  await stop(target.child);
  const seeded = target.ready;
  const rounds: Round[] = [];
  try {
    for (let r = 0; r < ROUNDS; r++)
      for (const runtime of all) {
        const result = await round(runtime, seeded);
        rounds.push(result);
        console.log(JSON.stringify(result));
      }
  } finally {
    rmSync(seeded.dataDir, { recursive: true, force: true });
  }
  const names = Object.keys(rounds[0]!.lists);
  console.log(
    `\n| round | runtime | bare node:http | ${names.join(' | ')} | server RSS idle / after load | PostgreSQL PSS |`,
  );
  console.log(`|---|---|---|${names.map(() => '---|').join('')}---|---|`);
  rounds.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${r.runtime} | ${Math.round(r.bare)} | ${names
        .map((n) => {
          const l = r.lists[n]!;
          return `${Math.round(l.rps)} (${((l.rps / r.bare) * 100).toFixed(1)} %, p99 ${l.p99.toFixed(0)} ms${l.failed ? `, ${l.failed} failed` : ''})`;
        })
        .join(
          ' | ',
        )} | ${r.idleMb.toFixed(0)} / ${r.afterMb.toFixed(0)} MB | ${r.postgresMb.toFixed(0)} MB |`,
    ),
  );
}

await main();
