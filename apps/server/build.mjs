// Bundles the server (and the shared package) into dist/server.js; node_modules stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@campusrun/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
