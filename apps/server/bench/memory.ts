/** The memory of a bench's server process and of the embedded PostgreSQL processes under it (Linux /proc). */
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
export const pssOf = (pid: number) => {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};
const childrenOf = (pid: number): number[] => {
  const out = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout;
  return out.split('\n').filter(Boolean).map(Number);
};
/** The embedded PostgreSQL processes under the app: RSS summed (shared memory counted in each) and PSS. */
export function postgresMemory(appPid: number) {
  const postmaster = childrenOf(appPid).find((p) =>
    /postgres/.test(readFileSync(`/proc/${p}/cmdline`, 'utf8')),
  );
  if (!postmaster) return undefined;
  const pids = [postmaster, ...childrenOf(postmaster)];
  return {
    processes: pids.length,
    rss: pids.reduce((a, p) => a + rssOf(p), 0),
    pss: pids.reduce((a, p) => a + pssOf(p), 0),
  };
}
