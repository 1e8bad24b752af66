import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the entries of `dir` not touched for `olderThanMs`: upload folders a killed process left
 * behind (a running upload's folder is younger). Answers how many went; a missing folder is none.
 */
export async function removeStaleTemp(dir: string, olderThanMs = 60 * 60 * 1000, now = Date.now()) {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const full = path.join(dir, name);
    const info = await stat(full).catch(() => undefined);
    if (!info || now - info.mtimeMs < olderThanMs) continue;
    await rm(full, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
