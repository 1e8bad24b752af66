/**
 * One benchmark target, run as a child of bench/run.ts: seeds a fresh database, starts the real app
 * on a free 127.0.0.1 port and reports { port, tokens } over IPC. Stops on SIGTERM.
 */
import { rmSync } from 'node:fs';
import { buildApp } from '../src/app';
import { createJwt } from '../src/lib/tokens';
import { seedBenchData } from './data';
import { benchConfig, benchDataDir, openBenchDatabase } from './common';

const databaseUrl = process.env.BENCH_TARGET_URL;
const count = Number(process.env.BENCH_ROWS ?? 10_000);

const dataDir = benchDataDir('requests');
const config = benchConfig(dataDir);

const database = await openBenchDatabase(databaseUrl, dataDir);
const seeded = await seedBenchData(database.db, count);
const app = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });
const jwt = createJwt(config.jwtSecret, '1h');
const sign = (u: { id: string; tokenVersion: number }) => jwt.sign({ sub: u.id, tv: u.tokenVersion });

process.send!({
  port: (app.server.address() as { port: number }).port,
  hostellerToken: await sign(seeded.hostellers[0]!),
  dayScholarToken: await sign(seeded.dayScholars[0]!),
});

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
