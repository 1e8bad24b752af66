import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** The permission bits of a path, e.g. 0o700. */
export const modeOf = (file: string) => lstatSync(file).mode & 0o777;

const asNobody = (command: string, file: string) =>
  spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', command, file], {
    encoding: 'utf8',
  });

/** Run as root with setpriv, so another account's attempt can be made for real. */
export const canTryAsAnotherUser = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');

/**
 * Every folder under `root` (itself included) is 0700 and every file 0600; and, where the test can
 * act as another account (uid 65534), that account can neither list the folders nor read the files,
 * though it may enter the folder above `root` (the caller makes that 0711 so the modes are what stops it).
 */
export function expectPrivate(root: string) {
  const all = [root, ...readdirSync(root, { recursive: true }).map((p) => path.join(root, String(p)))];
  for (const file of all) {
    const st = lstatSync(file);
    expect(st.isSymbolicLink(), file).toBe(false);
    expect(modeOf(file).toString(8), file).toBe(st.isDirectory() ? '700' : '600');
    if (!canTryAsAnotherUser) continue;
    const tried = asNobody(st.isDirectory() ? 'ls' : 'cat', file);
    expect(tried.status, `another user could read ${file}`).not.toBe(0);
    expect(tried.stderr).toMatch(/Permission denied/);
  }
}

/** That another account can read `file` (the control: the test's own set-up really is reachable). */
export function anotherUserCanRead(file: string) {
  return asNobody('cat', file).status === 0;
}
