import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from '../playwright.config';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts an SMTP sink (each mail saved as JSON in E2E_MAIL_DIR) and the built server on a fresh
 * PGlite data directory, exactly as `npm start` runs it.
 */
export default async function globalSetup() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'campusrun-e2e-'));
  const mailDir = path.join(root, 'mail');
  mkdirSync(mailDir);
  const sink = spawn(process.execPath, [path.join(here, 'mail-sink.mjs'), mailDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const smtpPort = await new Promise<string>((resolve, reject) => {
    sink.stdout.on('data', (chunk: Buffer) => {
      const port = /PORT (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve(port);
    });
    sink.once('exit', (code) => reject(new Error(`The mail sink exited with code ${code}`)));
  });
  process.env.E2E_MAIL_DIR = mailDir;

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
    rmSync(root, { recursive: true, force: true });
  };
}
