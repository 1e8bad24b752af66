/**
 * npm run bench (part): what a newcomer feels on the built app, `node apps/server/dist/server.js`
 * on the embedded PostgreSQL server — start on an empty and on an existing data directory (spawn → first 200 of
 * /api/health), memory at idle (the Node process's RSS; the PostgreSQL processes' summed PSS, which
 * counts their shared memory once), and sign-in latency (argon2id verification included).
 *
 *   BENCH_LOGINS   sequential sign-ins to time (default 200)
 *
 * Builds the web app and the server first when apps/server/dist/server.js is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDataDir } from './common';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const serverJs = path.join(root, 'apps/server/dist/server.js');
const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
const PORT = 3000 + (process.pid % 1000) + 1000;
const base = `http://127.0.0.1:${PORT}`;
const EMAIL = 'bench.newcomer@example.edu';
const PASSWORD = 'a-long-bench-password';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function rssMiB(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

/** The embedded PostgreSQL server's processes (postmaster and its children): count and summed PSS in MiB. */
function postgresMemory(dataDir: string) {
  const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
        pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  let kib = 0;
  for (const pid of pids) {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    kib += Number(/Pss:\s+(\d+)/.exec(rollup)?.[1] ?? 0);
  }
  return { processes: pids.length, mib: kib / 1024 };
}

/** Spawns the server and resolves once /api/health answers 200, with the time that took. */
async function startServer(dataDir: string) {
  const began = performance.now();
  const child = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH: '1000000',
      RATE_LIMIT_AUTH_TARGET: '1000000',
      RATE_LIMIT_GLOBAL: '1000000',
      RATE_LIMIT_ACCOUNT: '1000000',
      RATE_LIMIT_ADDRESS: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  return { child, ms: performance.now() - began };
}

async function stopServer(child: ChildProcess) {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

const post = (url: string, body: unknown) =>
  fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Registers and verifies one account the way a newcomer does, reading the code from the outbox. */
async function createAccount(dataDir: string) {
  const res = await post('/api/auth/register', {
    name: 'Bench Newcomer',
    email: EMAIL,
    password: PASSWORD,
    role: 'dayscholar',
    phoneNumber: '9876543210',
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const outbox = path.join(dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .find((text) => text.startsWith(`To: ${EMAIL}\n`));
  const otp = mail && /\b(\d{6})\b/.exec(mail)?.[1];
  if (!otp) throw new Error('no verification code in the outbox');
  const verified = await post('/api/auth/verify-otp', { email: EMAIL, otp });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}`);
}

async function timeLogins() {
  const samples: number[] = [];
  for (let i = 0; i < LOGINS + 5; i++) {
    const began = performance.now();
    const res = await post('/api/auth/login', { email: EMAIL, password: PASSWORD });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    if (i >= 5) samples.push(performance.now() - began); // the first few warm the JIT
  }
  return samples.sort((a, b) => a - b);
}

async function main() {
  if (!existsSync(serverJs)) {
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const dataDir = benchDataDir('accounts');
  try {
    console.log(
      `\nCampusRun start-up and sign-in (built server, embedded PostgreSQL; ${os.cpus().length} CPUs)`,
    );
    const first = await startServer(dataDir);
    console.log(`  first start, empty data directory (create + migrate): ${first.ms.toFixed(0)} ms`);
    await createAccount(dataDir);
    await stopServer(first.child);

    const starts: number[] = [];
    let server: ChildProcess | undefined;
    for (let i = 0; i < 3; i++) {
      if (server) await stopServer(server);
      const s = await startServer(dataDir);
      starts.push(s.ms);
      server = s.child;
    }
    starts.sort((a, b) => a - b);
    console.log(
      `  start on the existing data directory: median ${starts[1]!.toFixed(0)} ms (runs: ${starts.map((s) => s.toFixed(0)).join(', ')} ms)`,
    );

    await sleep(5000);
    const pgIdle = postgresMemory(dataDir);
    console.log(
      `  memory at idle (5 s after start, no requests yet): Node RSS ${rssMiB(server!.pid!).toFixed(0)} MiB, ` +
        `PostgreSQL ${pgIdle.processes} processes, PSS ${pgIdle.mib.toFixed(0)} MiB`,
    );

    const logins = await timeLogins();
    console.log(
      `  POST /api/auth/login, ${LOGINS} sequential sign-ins: p50 ${percentile(logins, 50).toFixed(1)} ms, p99 ${percentile(logins, 99).toFixed(1)} ms`,
    );
    const pgBusy = postgresMemory(dataDir);
    console.log(
      `  memory after the sign-ins: Node RSS ${rssMiB(server!.pid!).toFixed(0)} MiB, PostgreSQL PSS ${pgBusy.mib.toFixed(0)} MiB`,
    );
    await stopServer(server!);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
