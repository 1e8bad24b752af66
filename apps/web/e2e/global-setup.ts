import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from '../playwright.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const E2E_GOOGLE_CLIENT = 'campusrun-e2e';

/** Waits for a helper process to print the line that says it is ready; answers the captured value. */
function firstLine(child: ChildProcess & { stdout: Readable }, pattern: RegExp) {
  return new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = pattern.exec(chunk.toString())?.[1];
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`A test helper process exited with code ${code}`)));
  });
}

/**
 * Starts an SMTP sink (each mail saved as JSON in E2E_MAIL_DIR), a local OpenID provider standing in
 * for Google (next ID token claims read from E2E_OIDC_CLAIMS), and the built server on a fresh data
 * directory (its embedded PostgreSQL server included), exactly as `npm start` runs it. Each runs in its
 * own process.
 */
export default async function globalSetup() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'campusrun-e2e-'));
  chmodSync(root, 0o711); // as root, the embedded PostgreSQL server runs as `postgres` and must reach DATA_DIR
  const mailDir = path.join(root, 'mail');
  mkdirSync(mailDir);
  const sink = spawn(process.execPath, [path.join(here, 'mail-sink.mjs'), mailDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const smtpPort = await firstLine(sink, /PORT (\d+)/);
  process.env.E2E_MAIL_DIR = mailDir;

  const claimsFile = path.join(root, 'oidc-claims.json');
  const provider = spawn(
    process.execPath,
    [path.join(here, 'oidc-provider.mjs'), claimsFile, E2E_GOOGLE_CLIENT],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const issuer = await firstLine(provider, /ISSUER (\S+)/);
  process.env.E2E_OIDC_CLAIMS = claimsFile;

  const server = spawn(process.execPath, [path.resolve(here, '../../server/dist/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DATA_DIR: path.join(root, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_AUTH: '1000',
      RATE_LIMIT_GLOBAL: '100000',
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT,
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_ISSUER: issuer,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${E2E_PORT}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill('SIGTERM');
    await exited;
    sink.kill('SIGTERM');
    provider.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  };
}
