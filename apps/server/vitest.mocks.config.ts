import { defineProject } from 'vitest/config';
import { MOCKING } from './vitest.config';

/** The server's test files that stand in for a module (vi.mock), each in a module graph of its own. */
export default defineProject({
  test: {
    name: 'server-mocks',
    include: MOCKING,
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
