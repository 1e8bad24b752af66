import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { createUser } from '../test/factories';
import { tempDataDir } from '../test/global-setup';
import { expectPrivate, modeOf } from '../test/private-modes';

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
  expect(backedUp.stdout).toMatch(
    /signed with a new backup key, .*backup\.key\. Keep a copy of that file apart/,
  );
  expect(backedUp.stdout).toMatch(/Backed up \d+ rows in \d+ tables and 1 photo file\(s\)/);
  const [name] = readdirSync(to);
  const folder = path.join(to, name!);

  // Into a new DATA_DIR, whose server the command starts (and creates), with the key kept from the source.
  const target = dir('campusrun-cli-target-');
  const keyFile = path.join(source, 'backup.key');
  const restored = await command('restore', target, [folder, '--key-file', keyFile]);
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  // The key now signs the new DATA_DIR's backups too.
  expect(readFileSync(path.join(target, 'backup.key'), 'utf8').trim()).toBe(
    readFileSync(keyFile, 'utf8').trim(),
  );
  expect(restored.stdout).toMatch(/Restored .* and 1 photo file\(s\)/);
  expect(readFileSync(path.join(target, 'uploads', 'products', 'lamp.webp'), 'utf8')).toBe('lamp');

  // While a server holds the new DATA_DIR: restore refuses, backup reads through its socket.
  const server = await startEmbeddedPostgres(target, { throwaway: true });
  try {
    const refused = await command('restore', target, [folder, '--force']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/A CampusRun server \(pid \d+\) is running on .*Stop it, then restore\./);
    const again = await command('backup', target, ['--to', to]);
    expect(again.stdout).toMatch(/signed with the backup key from .*backup\.key/);
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
  const damaged = await command('restore', dir('campusrun-cli-untouched-'), [folder, '--key-file', keyFile]);
  expect(damaged.code).toBe(1);
  expect(damaged.stderr).toMatch(/db\/public\.users\.copy\.gz does not match its SHA-256/);
}, 120_000);

it('finding 5 and 6: the commands keep DATA_DIR private, and restore needs the backup key unless told to skip it', async () => {
  // A DATA_DIR an older version left readable by everyone.
  const source = dir('campusrun-cli-private-');
  const database = await openDatabase({ dataDir: source }, { throwaway: true });
  await createUser(database.db, { name: 'Asha Rao' });
  await database.close();
  for (const folder of ['backups', 'outbox', 'uploads'])
    mkdirSync(path.join(source, folder), { mode: 0o755 });
  writeFileSync(path.join(source, 'outbox', 'code.txt'), 'Your code: 123456', { mode: 0o644 });
  chmodSync(source, 0o755);

  const backedUp = await command('backup', source, []);
  expect(backedUp.code).toBe(0);
  // DATA_DIR may only be entered (0711) while root runs the embedded server as `postgres`; else 0700.
  expect(modeOf(source)).toBe(process.getuid?.() === 0 ? 0o711 : 0o700);
  for (const folder of ['backups', 'outbox', 'uploads'])
    expect(modeOf(path.join(source, folder))).toBe(0o700);
  expect(modeOf(path.join(source, 'backup.key'))).toBe(0o600);
  expectPrivate(path.join(source, 'backups'));
  const [name] = readdirSync(path.join(source, 'backups'));
  const folder = path.join(source, 'backups', name!);

  // Elsewhere, without the key: refused before anything starts.
  const target = dir('campusrun-cli-nokey-');
  const refused = await command('restore', target, [folder]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /There is no backup key to check the backup with.*--key-file FILE.*--skip-key-check/,
  );
  expect(readdirSync(target)).not.toContain('pg');
  // With another DATA_DIR's key: refused.
  const other = path.join(dir('campusrun-cli-otherkey-'), 'backup.key');
  writeFileSync(other, 'a'.repeat(64), { mode: 0o600 });
  const wrong = await command('restore', target, [folder, '--key-file', other]);
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toMatch(/signed with another backup key/);
  // Told to skip the check: restored, with a warning.
  const skipped = await command('restore', target, [folder, '--skip-key-check']);
  expect(skipped.code).toBe(0);
  expect(skipped.stderr).toMatch(
    /^Warning: --skip-key-check: the backup is restored without checking its signature/,
  );
  expect(skipped.stdout).toMatch(/^Restored .* into /);
}, 120_000);
