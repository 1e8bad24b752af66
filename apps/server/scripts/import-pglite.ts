/**
 * npm run db:import-pglite: copies the database of an earlier CampusRun build (PGlite, in DATA_DIR/db)
 * into this one — the embedded PostgreSQL server in DATA_DIR/pg, or DATABASE_URL when set — brings it
 * up to the newest migration and renames DATA_DIR/db to DATA_DIR/db.pglite-imported, so the server
 * starts again. The target database must have no tables yet; nothing changes if the import fails.
 */
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { openPostgres } from '../src/db/client';
import { EmbeddedPostgresError, lockDataDir, startEmbeddedPostgres } from '../src/db/embedded';
import { dumpPglite, loadDump } from '../src/db/pglite-dump';

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const source = path.join(config.dataDir, 'db');
  if (!existsSync(path.join(source, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(`There is no PGlite database in ${source}; nothing to import.`);
  }
  let url: string;
  let release: () => Promise<void>;
  if (config.databaseUrl) {
    url = config.databaseUrl;
    const unlock = lockDataDir(config.dataDir); // the earlier build locks DATA_DIR the same way
    release = async () => unlock();
  } else {
    const server = await startEmbeddedPostgres(config.dataDir, {
      ignorePgliteData: true,
      log: (message) => console.log(message),
    });
    url = server.url;
    release = () => server.stop();
  }
  try {
    console.log(`Dumping the PGlite database in ${source}…`);
    const sql = await dumpPglite(source);
    console.log(`Loading it into ${config.databaseUrl ? 'DATABASE_URL' : 'the embedded PostgreSQL server'}…`);
    await loadDump(sql, url);
    const database = await openPostgres(url, 1); // applies the migrations newer than the old build
    await database.close();
    let kept = `${source}.pglite-imported`;
    if (existsSync(kept)) kept += `-${Date.now()}`;
    renameSync(source, kept);
    console.log(`Imported. The old folder is kept as ${kept}; delete it once you are happy.`);
  } finally {
    await release();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedPostgresError) console.error(err.message);
  else console.error('The import failed:', err);
  process.exit(1);
});
