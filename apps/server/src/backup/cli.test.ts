import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { createUser } from '../test/factories';
import { tempDataDir } from '../test/global-setup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const dir = (prefix: string) => {
  const d = tempDataDir(prefix);
  dirs.push(d);
  return d;
};

/** `npm run backup|restore -- …` as an operator runs it (the same tsx command), on DATA_DIR. */
async function command(name: 'backup' | 'restore', dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, `apps/server/scripts/${name}.ts`), ...args],
      { cwd: root, env },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

it('npm run backup and npm run restore work on a DATA_DIR, stopped or running', async () => {
  // A DATA_DIR with a database and a photo, its server stopped.
  const source = dir('campusrun-cli-source-');
  const database = await openDatabase({ dataDir: source }, { throwaway: true });
  await createUser(database.db, { name: 'Asha Rao' });
  await database.close();
  mkdirSync(path.join(source, 'uploads', 'products'), { recursive: true });
  writeFileSync(path.join(source, 'uploads', 'products', 'lamp.webp'), 'lamp');

  const to = dir('campusrun-cli-backups-');
  const backedUp = await command('backup', source, ['--to', to]);
  expect(backedUp.stderr).toBe('');
  expect(backedUp.code).toBe(0);
  expect(backedUp.stdout).toMatch(/Backed up \d+ rows in \d+ tables and 1 photo file\(s\)/);
  const [name] = readdirSync(to);
  const folder = path.join(to, name!);

  // Into a new DATA_DIR, whose server the command starts (and creates).
  const target = dir('campusrun-cli-target-');
  const restored = await command('restore', target, [folder]);
  expect(restored.code).toBe(0);
  expect(restored.stdout).toMatch(/Restored .* and 1 photo file\(s\)/);
  expect(readFileSync(path.join(target, 'uploads', 'products', 'lamp.webp'), 'utf8')).toBe('lamp');

  // While a server holds the new DATA_DIR: restore refuses, backup reads through its socket.
  const server = await startEmbeddedPostgres(target, { throwaway: true });
  try {
    const refused = await command('restore', target, [folder, '--force']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/A CampusRun server \(pid \d+\) is running on .*Stop it, then restore\./);
    const again = await command('backup', target, ['--to', to]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/from the running server's/);
  } finally {
    await server.stop();
  }
  const second = readdirSync(to).find((n) => n !== name)!;
  // The restored database holds what was backed up: Asha.
  const manifest = JSON.parse(readFileSync(path.join(to, second, 'manifest.json'), 'utf8'));
  expect(manifest.tables.find((t: { name: string }) => t.name === 'users').rows).toBe(1);

  // A damaged backup: refused, naming the file, before anything is started.
  const file = path.join(folder, 'db', 'public.users.copy.gz');
  const bytes = readFileSync(file);
  bytes[10] ^= 0xff;
  writeFileSync(file, bytes);
  const damaged = await command('restore', dir('campusrun-cli-untouched-'), [folder]);
  expect(damaged.code).toBe(1);
  expect(damaged.stderr).toMatch(/db\/public\.users\.copy\.gz does not match its SHA-256/);
}, 60_000);
