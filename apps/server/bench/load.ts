/**
 * The load generator of the benches: wrk (a separate process) when it is installed, else autocannon
 * in worker threads of this process; 50 connections either way, BENCH_DURATION seconds (default 10).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = 50;
export const WRK = spawnSync('wrk', ['--version']).error ? null : 'wrk';

export interface Load {
  rps: number;
  p99: number;
  ok: number;
  failed: number;
}
/** wrk's Lua scripts, removed when the bench exits. */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'campusrun-bench-load-'));
process.once('exit', () => rmSync(tmp, { recursive: true, force: true }));

/** A wrk Lua script: method, body and headers; for `ids`, each request takes the next id. */
function luaScript(
  name: string,
  opts: { method: string; body?: string; headers: Record<string, string>; idsFile?: string; pathOf?: string },
) {
  const lines = [
    `wrk.method = "${opts.method}"`,
    ...Object.entries(opts.headers).map(([k, v]) => `wrk.headers["${k}"] = "${v}"`),
    opts.body ? `wrk.body = [[${opts.body}]]` : '',
  ];
  if (opts.idsFile) {
    // Threads take alternate ids so no two requests accept the same one.
    lines.push(
      'local threads = 0',
      'function setup(thread) thread:set("tid", threads); threads = threads + 1 end',
      'local ids = {}',
      'local n = 0',
      `function init(args) for line in io.lines("${opts.idsFile}") do if #line > 0 then ids[#ids + 1] = line end end; n = tid end`,
      `function request() n = n + 2; local id = ids[(n % #ids) + 1]; return wrk.format(nil, (string.gsub("${opts.pathOf}", ":id", id))) end`,
    );
  }
  const file = path.join(tmp, `${name}.lua`);
  writeFileSync(file, lines.join('\n'));
  return file;
}

function parseWrk(out: string, seconds: number): Load {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99m = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = p99m ? Number(p99m[1]) * (p99m[2] === 'us' ? 0.001 : p99m[2] === 's' ? 1000 : 1) : NaN;
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const failed = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  return { rps, p99, ok: total - failed, failed: failed + socketErrors, ...(seconds ? {} : {}) };
}

export async function load(
  url: string,
  opts: {
    seconds?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    idsFile?: string;
    pathOf?: string;
  } = {},
): Promise<Load> {
  const seconds = opts.seconds ?? DURATION;
  const headers = opts.headers ?? {};
  if (WRK) {
    const script = luaScript(`s${Date.now()}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body,
      idsFile: opts.idsFile,
      pathOf: opts.pathOf,
    });
    const out = await new Promise<string>((resolve, reject) => {
      const p = spawn('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', script, url]);
      let text = '';
      p.stdout.on('data', (d: Buffer) => (text += d.toString()));
      p.stderr.on('data', (d: Buffer) => (text += d.toString()));
      p.on('error', reject);
      p.on('exit', () => resolve(text));
    });
    return parseWrk(out, seconds);
  }
  const ids = opts.idsFile ? readFileSync(opts.idsFile, 'utf8').split('\n').filter(Boolean) : [];
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: ids.length ? undefined : 2,
    method: (opts.method ?? 'GET') as 'GET',
    headers,
    body: opts.body,
    ...(ids.length
      ? {
          requests: [
            {
              setupRequest: (req: { path: string }) => ({
                ...req,
                path: opts.pathOf!.replace(':id', ids[next++ % ids.length]!),
              }),
            },
          ],
        }
      : {}),
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
