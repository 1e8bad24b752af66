import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleTemp } from './tmp-files';

describe('removeStaleTemp', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-tmp-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('removes upload folders older than an hour and keeps recent ones', async () => {
    const old = path.join(dir, 'upload-old');
    const fresh = path.join(dir, 'upload-fresh');
    for (const d of [old, fresh]) {
      mkdirSync(d);
      writeFileSync(path.join(d, 'part'), 'x');
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await removeStaleTemp(dir)).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(await removeStaleTemp(path.join(dir, 'missing'))).toBe(0);
  });
});
