import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { EmbeddedPostgresError, openDatabase } from './db/client';
import { startTracing } from './lib/tracing';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const started = performance.now();
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = { ...loadConfig(), webDistDir: path.resolve(here, '../../web/dist') };
  // Before anything runs, so the first requests and queries are traced too.
  const tracing = config.traces && (await startTracing(config.traces));
  // PostgreSQL starts in its own process while this one loads the application's code.
  const loadApp = import('./app');
  const database = await openDatabase(config, {
    log: (message) => console.log(message),
    onUnexpectedExit: (message) => {
      console.error(message);
      process.exit(1);
    },
  });
  const { buildApp } = await loadApp;
  const app = await buildApp(config, database);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      await tracing?.shutdown();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Each closes the server, then the database: the embedded PostgreSQL with a fast shutdown.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, 'could not start the server');
    await database.close();
    process.exit(1);
  }
  const db = database.kind === 'embedded' ? `PostgreSQL in ${path.join(config.dataDir, 'pg')}` : 'PostgreSQL';
  app.log.info(
    `CampusRun ready at ${config.publicUrl} (${db}${config.smtpUrl ? '' : `, mail to ${path.join(config.dataDir, 'outbox')}`}) in ${Math.round(performance.now() - started)} ms`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedPostgresError) {
    console.error(err.message);
  } else {
    console.error('CampusRun failed to start:', err);
  }
  process.exit(1);
});
