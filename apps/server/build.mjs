// Bundles the server (and the shared package) into dist/server.js; node_modules stay external.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  absWorkingDir: path.dirname(fileURLToPath(import.meta.url)),
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
