import { afterAll, vi } from 'vitest';

// The server's test files share their worker's modules (isolate: false): whatever a file changed of
// the clock, the environment or a spied function is put back before the next file runs.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
