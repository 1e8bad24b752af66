import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { dataDirOwner, embeddedUrl, startEmbeddedPostgres } from '../db/embedded';
import { DataDirLockedError } from '../db/client';
import { BackupError } from './manifest';

export interface CommandDatabase {
  url: string;
  /** Where it is, for the command's messages. */
  where: string;
  /** Stops the embedded server when the command started it. */
  close(): Promise<void>;
}

const nothingToStop = async () => {};

/**
 * The database `npm run backup` reads: DATABASE_URL; else the embedded server of a CampusRun process
 * running on DATA_DIR, through its socket; else the embedded server, started for the command.
 */
export async function databaseToBackUp(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<CommandDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, where: 'DATABASE_URL', close: nothingToStop };
  const cluster = path.join(config.dataDir, 'pg');
  if (!existsSync(path.join(cluster, 'PG_VERSION')))
    throw new BackupError(`There is no database in ${cluster} to back up (is DATA_DIR right?).`);
  const running = {
    url: embeddedUrl(config.dataDir),
    where: `the running server's ${cluster}`,
    close: nothingToStop,
  };
  if (dataDirOwner(config.dataDir)) return running;
  try {
    const server = await startEmbeddedPostgres(config.dataDir);
    return { url: server.url, where: cluster, close: () => server.stop() };
  } catch (err) {
    // A server started between the look at the lock and our start.
    if (err instanceof DataDirLockedError) return running;
    throw err;
  }
}

/**
 * The database `npm run restore` replaces: DATABASE_URL, or the embedded server in DATA_DIR, started
 * for the command (created when DATA_DIR is new). Refused while a CampusRun process runs on DATA_DIR.
 */
export async function databaseToRestore(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<CommandDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, where: 'DATABASE_URL', close: nothingToStop };
  const owner = dataDirOwner(config.dataDir);
  if (owner)
    throw new BackupError(
      `A CampusRun server (pid ${owner}) is running on ${config.dataDir}. Stop it, then restore.`,
    );
  const server = await startEmbeddedPostgres(config.dataDir);
  return { url: server.url, where: server.clusterDir, close: () => server.stop() };
}
