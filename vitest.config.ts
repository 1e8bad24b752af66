import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/server/vitest.mocks.config.ts',
      'apps/web',
      'tools/eslint-rules',
    ],
  },
});
