import { chmodSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { tempDataDir } from '../test/global-setup';
import { expectPrivate, modeOf } from '../test/private-modes';
import { createMailer } from './mailer';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
/** A folder others may enter (0711), so only the modes inside it keep them out. */
const parent = () => {
  const dir = tempDataDir('campusrun-datadir-');
  dirs.push(dir);
  return dir;
};
const env = (dataDir: string, more: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  ...more,
});

it('finding 5: a new DATA_DIR is 0700 with its generated secrets 0600, and 0711 only when root runs the embedded PostgreSQL', () => {
  const external = path.join(parent(), 'data');
  loadConfig(env(external, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }));
  expect(modeOf(external)).toBe(0o700);
  expect(readdirSync(external).sort()).toEqual(['jwt-secret', 'vapid.json']);
  expectPrivate(external);

  const embedded = path.join(parent(), 'data');
  loadConfig(env(embedded));
  // As root, PostgreSQL runs as `postgres` and must pass through DATA_DIR to DATA_DIR/pg: enter, not list.
  expect(modeOf(embedded)).toBe(process.getuid?.() === 0 ? 0o711 : 0o700);
  for (const name of readdirSync(embedded)) expect(modeOf(path.join(embedded, name))).toBe(0o600);
});

it('finding 5: a DATA_DIR an earlier version left readable is made private at start, PostgreSQL’s folders and links aside', () => {
  const dataDir = path.join(parent(), 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  for (const folder of ['backups', 'outbox', 'uploads', 'tmp', 'pg']) {
    mkdirSync(path.join(dataDir, folder));
    chmodSync(path.join(dataDir, folder), 0o755);
  }
  writeFileSync(path.join(dataDir, 'jwt-secret'), 'x'.repeat(48), { mode: 0o644 });
  writeFileSync(path.join(dataDir, 'outbox', 'mail.txt'), 'code', { mode: 0o644 });
  const outside = path.join(parent(), 'shared.txt');
  writeFileSync(outside, 'not ours to change', { mode: 0o644 });
  symlinkSync(outside, path.join(dataDir, 'link'));

  loadConfig(env(dataDir, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }));
  expect(modeOf(dataDir)).toBe(0o700);
  for (const folder of ['backups', 'outbox', 'uploads', 'tmp'])
    expect(modeOf(path.join(dataDir, folder))).toBe(0o700);
  expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
  // PostgreSQL's own folder keeps the modes it sets; a link's target is not touched.
  expect(modeOf(path.join(dataDir, 'pg'))).toBe(0o755);
  expect(modeOf(outside)).toBe(0o644);
});

it('finding 5: the mail outbox is a 0700 folder of 0600 files that another account cannot read', async () => {
  const dataDir = path.join(parent(), 'data');
  mkdirSync(dataDir, { mode: 0o711 });
  const mailer = await createMailer({
    from: 'CampusRun <no-reply@example.edu>',
    dataDir,
    log: Fastify().log,
    logHints: false,
  });
  await mailer.send({ to: 'asha@example.edu', subject: 'Your code', text: 'Your code: 123456', html: '' });
  await mailer.send({ to: 'dev@example.edu', subject: 'Reset', text: 'A reset link', html: '' });
  const outbox = path.join(dataDir, 'outbox');
  expect(readdirSync(outbox)).toHaveLength(2);
  expectPrivate(outbox);
});
