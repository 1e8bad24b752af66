import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Waits for a helper process to print the line that says it is ready; answers the captured value. */
export function firstLine(child: ChildProcess & { stdout: Readable }, pattern: RegExp) {
  return new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = pattern.exec(chunk.toString())?.[1];
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`A test helper process exited with code ${code}`)));
  });
}

/** Polls `url` until it answers 2xx; fails early when `child` exits. */
export async function waitHealthy(url: string, child: ChildProcess, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become healthy within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The local OpenID provider standing in for Google (oidc-provider.mjs), in its own process: the claims
 * of its next ID token are read from `claimsFile`. Answers its issuer URL and how to stop it.
 */
export async function startOidcProvider(claimsFile: string, clientId: string) {
  const child = spawn(process.execPath, [path.join(here, 'oidc-provider.mjs'), claimsFile, clientId], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const issuer = await firstLine(child, /ISSUER (\S+)/);
  return { issuer, stop: () => void child.kill('SIGTERM') };
}

/** The built server, exactly as `npm start` runs it, on `port` with `env` on top of this process's. */
export function startServer(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, [path.resolve(here, '../../server/dist/server.js')], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    child,
    healthy: () => waitHealthy(`http://127.0.0.1:${port}/api/health`, child, `The server on port ${port}`),
    /** SIGTERM (a no-op for a process that is gone already), then waits for it to exit. */
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
