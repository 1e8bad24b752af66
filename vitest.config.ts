import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Three files at a time on two cores: the server's tests spend much of their time waiting on
    // PostgreSQL and on timers, so a third worker fills the gaps (the server suite takes half as long).
    maxWorkers: 3,
    projects: [
      'packages/shared',
      'apps/server',
      'apps/server/vitest.mocks.config.ts',
      'apps/web',
      'tools/eslint-rules',
    ],
  },
});
