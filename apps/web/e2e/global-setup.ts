import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_NODES, E2E_PORT } from '../playwright.config';
import { startCluster } from './cluster';
import { firstLine, startOidcProvider, startServer } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));
const E2E_GOOGLE_CLIENT = 'campusrun-e2e';

/**
 * Starts an SMTP sink (each mail saved as JSON in E2E_MAIL_DIR), a local OpenID provider standing in
 * for Google (next ID token claims read from E2E_OIDC_CLAIMS), and the built server on a fresh data
 * directory (its embedded PostgreSQL server included), exactly as `npm start` runs it. Each runs in its
 * own process. With E2E_NODES=2 the server is instead two processes behind nginx (e2e/cluster.ts).
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
  const provider = await startOidcProvider(claimsFile, E2E_GOOGLE_CLIENT);
  const issuer = provider.issuer;
  process.env.E2E_OIDC_CLAIMS = claimsFile;

  // The run's moderator (MODERATOR_EMAILS), made one when they sign in.
  process.env.E2E_MODERATOR_EMAIL = `moderator.${Date.now().toString(36)}@example.edu`;
  const serverEnv = {
    MODERATOR_EMAILS: process.env.E2E_MODERATOR_EMAIL,
    NODE_ENV: 'development',
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_AUTH: '1000',
    RATE_LIMIT_AUTH_TARGET: '1000',
    RATE_LIMIT_GLOBAL: '100000',
    RATE_LIMIT_ACCOUNT: '100000',
    // Reports count toward holding a listing from accounts of any age (the run's accounts are minutes old).
    REPORT_HOLD_ACCOUNT_AGE_HOURS: '0',
    // Every page load reports its speed (POST /api/vitals), so vitals.spec.ts can read it back.
    VITALS_SAMPLE_RATE: '1',
    GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT,
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
    GOOGLE_ISSUER: issuer,
  };
  // A spec that needs a database of its own (visual.spec.ts) starts a server with these settings.
  process.env.E2E_SERVER_ENV = JSON.stringify(serverEnv);
  const stopHelpers = () => {
    sink.kill('SIGTERM');
    provider.stop();
  };

  if (E2E_NODES > 1) {
    const stopCluster = await startCluster({ root, nodes: E2E_NODES, port: E2E_PORT, serverEnv }).catch(
      (err: unknown) => {
        stopHelpers();
        rmSync(root, { recursive: true, force: true });
        throw err;
      },
    );
    return async () => {
      try {
        await stopCluster();
      } finally {
        stopHelpers();
        rmSync(root, { recursive: true, force: true });
      }
    };
  }

  // The embedded PostgreSQL server's socket (DATA_DIR/run), for the few tests that move time in the
  // database (a listing's end): thirty days cannot pass in a test.
  process.env.E2E_DATABASE_URL = `postgres://postgres@localhost:5432/campusrun?host=${encodeURIComponent(
    path.join(root, 'data', 'run'),
  )}`;
  const server = startServer(E2E_PORT, {
    ...serverEnv,
    DATA_DIR: path.join(root, 'data'),
    DATABASE_URL: '',
    REDIS_URL: '',
  });
  await server.healthy();

  return async () => {
    await server.stop();
    stopHelpers();
    rmSync(root, { recursive: true, force: true });
  };
}
