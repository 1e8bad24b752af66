import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, waitHealthy } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEPLOY_NGINX_CONF = path.resolve(here, '../../../deploy/nginx.conf');

/** What the multi-node specs read from E2E_CLUSTER. */
export interface ClusterInfo {
  nodes: { port: number; pid: number }[];
  /** Where photos live so that every process serves them: the S3 test server, or one shared folder. */
  photos: 's3' | 'shared-folder';
}

/** A port nobody listens on right now. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function psql(adminUrl: string, sql: string) {
  const res = spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`psql failed (${sql}): ${res.stderr || res.error?.message}`);
}

/**
 * An S3-API server for the processes' photo storage, when the `s3rver` test dependency is installed;
 * answers the S3_* settings the app reads, and how to stop it.
 */
async function startS3(dir: string) {
  const name = 's3rver';
  let S3rver: new (options: Record<string, unknown>) => {
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  };
  try {
    ({ default: S3rver } = (await import(name)) as { default: typeof S3rver });
  } catch {
    return undefined;
  }
  const bucket = 'campusrun-e2e';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () => server.close(),
  };
}

/**
 * deploy/nginx.conf with this run's listen address and upstream servers, inside a main config whose
 * pid, logs and temp folders live under `dir`. The access log records which process served each
 * request, and each response says so in X-Upstream.
 */
function writeNginxConf(dir: string, port: number, upstreams: number[]) {
  let site = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf no longer matches ${pattern}`);
    site = site.replace(pattern, by);
  };
  replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  replace(/^[ \t]*server 127\.0\.0\.1:\d+.*;\n/gm, '');
  replace(
    /^(upstream campusrun \{\n)/m,
    `$1${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;\n`).join('')}`,
  );
  writeFileSync(path.join(dir, 'campusrun.conf'), site);
  const temp = path.join(dir, 'temp');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    log_format upstream '$upstream_addr $status $request_method $uri';
    access_log ${dir}/access.log upstream;
    add_header X-Upstream $upstream_addr always;
    client_body_temp_path ${temp}/body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include ${dir}/campusrun.conf;
}
`,
  );
}

/** Requests per process, from nginx's access log ("-" when none reached a process). */
function requestsPerUpstream(dir: string) {
  const counts = new Map<string, number>();
  for (const line of readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n')) {
    if (!line) continue;
    // A retried request lists every process it tried; the last one answered.
    const addr = line.split(' ')[0]!.split(',').at(-1)!.trim();
    counts.set(addr, (counts.get(addr) ?? 0) + 1);
  }
  return counts;
}

/**
 * `nodes` server processes on a fresh database of the machine's PostgreSQL, its Redis and, when
 * installed, an S3 test server, behind nginx (deploy/nginx.conf) listening on `port`. Answers the
 * teardown, which fails when a process served no request.
 */
export async function startCluster(opts: {
  root: string;
  nodes: number;
  port: number;
  serverEnv: Record<string, string>;
}) {
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  try {
    const adminUrl = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = process.env.E2E_DATABASE ?? `campusrun_e2e_${randomBytes(6).toString('hex')}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`E2E_DATABASE: not a plain name: ${database}`);
    psql(adminUrl, `CREATE DATABASE ${database}`);
    cleanups.push(() => psql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${database}`;

    const s3 = await startS3(path.join(opts.root, 's3'));
    if (s3) cleanups.push(() => s3.stop());

    const ports: number[] = [];
    for (let i = 0; i < opts.nodes; i++) ports.push(await freePort());
    const jwtSecret = randomBytes(48).toString('base64url');
    const servers = ports.map((port, i) =>
      startServer(port, {
        ...opts.serverEnv,
        // Without a bucket the processes share one folder, as a shared volume would.
        DATA_DIR: path.join(opts.root, s3 ? `data-${i + 1}` : 'data'),
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/1',
        JWT_SECRET: jwtSecret,
        TRUST_PROXY: '127.0.0.1',
        ...s3?.env,
      }),
    );
    for (const server of servers) cleanups.push(() => server.stop());
    await Promise.all(servers.map((s) => s.healthy()));

    const dir = path.join(opts.root, 'nginx');
    mkdirSync(path.join(dir, 'temp'), { recursive: true });
    writeNginxConf(dir, opts.port, ports);
    const nginx: ChildProcess = spawn(
      process.env.NGINX_BIN ?? 'nginx',
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
    cleanups.push(async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGTERM');
      await nginxExited;
    });
    await waitHealthy(`http://127.0.0.1:${opts.port}/api/health`, nginx, 'nginx', 15_000).catch((err) => {
      throw new Error(`${(err as Error).message}\n${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    });

    const info: ClusterInfo = {
      nodes: ports.map((port, i) => ({ port, pid: servers[i]!.child.pid! })),
      photos: s3 ? 's3' : 'shared-folder',
    };
    process.env.E2E_CLUSTER = JSON.stringify(info);

    return async () => {
      const counts = requestsPerUpstream(dir);
      await cleanup();
      const served = ports.map((p) => `127.0.0.1:${p} ${counts.get(`127.0.0.1:${p}`) ?? 0}`);
      process.stdout.write(`Requests per process through nginx: ${served.join(', ')}\n`);
      const idle = ports.filter((p) => !counts.get(`127.0.0.1:${p}`));
      if (idle.length) throw new Error(`No request reached the process on port ${idle.join(', ')}`);
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
