import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, isRunning, lockDataDir } from './embedded';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const state = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  } catch {
    return undefined;
  }
};

/**
 * A zombie: `sh` starts a short sleep in the background, prints its pid and becomes a long `sleep`
 * (exec), which never reaps it when it ends. Stopping the long sleep hands the zombie to init.
 */
async function zombie() {
  const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(parent.stdout, 'data')) as [Buffer];
  const pid = Number(String(chunk).trim());
  const deadline = Date.now() + 5000;
  while (state(pid) !== 'Z' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return {
    pid,
    async end() {
      const exited = once(parent, 'exit');
      parent.kill('SIGKILL');
      await exited;
    },
  };
}

describe('the data directory lock', () => {
  it.skipIf(!existsSync('/proc/self/stat'))(
    'lets a restart go ahead while the killed server is still a zombie',
    async () => {
      const z = await zombie();
      try {
        expect(state(z.pid)).toBe('Z');
        const dir = tempDir();
        writeFileSync(path.join(dir, 'campusrun.lock'), String(z.pid));
        const unlock = lockDataDir(dir);
        expect(readFileSync(path.join(dir, 'campusrun.lock'), 'utf8')).toBe(String(process.pid));
        unlock();
      } finally {
        await z.end();
      }
    },
  );

  it('still refuses a start while the lock names a running process', async () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    await once(other, 'spawn');
    try {
      const dir = tempDir();
      writeFileSync(path.join(dir, 'campusrun.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      other.kill('SIGKILL');
      await once(other, 'exit');
    }
  });

  it('tells a running process from a zombie by the state in /proc/<pid>/stat', () => {
    const me = process.pid;
    expect(isRunning(me, () => `${me} (node) S 1 2 3`)).toBe(true);
    expect(isRunning(me, () => `${me} (node) R 1 2 3`)).toBe(true);
    expect(isRunning(me, () => `${me} (node) Z 1 2 3`)).toBe(false);
    // The command name may hold ") " itself; the state follows the last parenthesis.
    expect(isRunning(me, () => `${me} (a) Z (b) S 1 2`)).toBe(true);
    expect(isRunning(me, () => `${me} (a) S (b) Z 1 2`)).toBe(false);
    // Where /proc cannot tell, nobody claims to know.
    expect(isRunning(me, () => undefined)).toBeUndefined();
    // No such process.
    expect(isRunning(2 ** 22 + 12345, () => 'unused')).toBe(false);
  });
});
