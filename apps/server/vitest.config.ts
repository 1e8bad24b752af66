import { defineProject } from 'vitest/config';

/**
 * Tests whose outcome does not depend on which PostgreSQL answers: pure rules and helpers, the HTTP
 * layer (headers, validation, fuzzing), who may call what, mail, push and the socket gateway, and
 * the embedded server's own life. `npm test` runs them once, on the embedded PostgreSQL; the
 * second run on another server (SERVER_TESTS=engine, CI's machine PostgreSQL) runs every other
 * file: those that lean on the SQL itself (transitions, lists and search, money, backups, the
 * change channel).
 */
const ENGINE_AGNOSTIC = [
  'src/**/*.policy.test.ts',
  'src/**/*.presenter.test.ts',
  'src/**/*.authz.test.ts',
  'src/http/**',
  'src/fuzz.test.ts',
  'src/bad-input.test.ts',
  'src/db-unavailable.test.ts',
  'src/follow-ups.test.ts',
  'src/config.test.ts',
  'src/guards.test.ts',
  'src/db/embedded*.test.ts',
  'src/db/crash.test.ts',
  'src/lib/{data-dir,email-address,group-commit,images,public-address,serializer,session-cache,storage,sweep,tmp-files,tokens,web-pages}.test.ts',
  'src/modules/identity/auth.security.test.ts',
  'src/modules/identity/auth.mail-budget.test.ts',
  'src/modules/emails/**',
  'src/modules/push/**',
  'src/modules/products/products.s3.test.ts',
  'src/realtime/gateway.test.ts',
];

/** Several server processes on one PostgreSQL and Redis: CI's cluster stage runs these. */
const CLUSTER = ['src/**/*.cluster.test.ts', 'src/realtime/cluster.it.test.ts'];

/**
 * Files that replace a module with a stand-in (vi.mock) need a module graph of their own: they run
 * in the `server-mocks` project (vitest.mocks.config.ts), isolated.
 */
export const MOCKING = ['src/modules/identity/auth.security.test.ts'];

const engineOnly = process.env.SERVER_TESTS === 'engine';

/**
 * The server suite. Its files share each worker's module graph (`isolate: false`): the app is
 * imported once per worker rather than once per file, which halves the suite's CPU time. Every file
 * builds its own app, database and clock, so nothing a file leaves in a module carries over.
 */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...MOCKING, ...(engineOnly ? [...ENGINE_AGNOSTIC, ...CLUSTER] : [])],
    isolate: false,
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/per-file.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
