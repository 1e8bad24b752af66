import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every text asset of the build; the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'campusrun-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      const text = files.filter((f) => /\.(js|css|html|svg|json|txt|webmanifest)$/.test(f));
      await Promise.all(
        text.map(async (f) => {
          const file = path.join(outDir, f);
          const body = await readFile(file);
          if (body.length < 1024) return;
          await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).then((b) =>
              writeFile(`${file}.br`, b),
            ),
            gz(body, { level: 9 }).then((b) => writeFile(`${file}.gz`, b)),
          ]);
        }),
      );
    },
  };
}

export default defineConfig(({ mode }) => {
  // The API the dev server and `vite preview` forward to (CAMPUSRUN_API_URL overrides it).
  const apiTarget = loadEnv(mode, '.', 'CAMPUSRUN_').CAMPUSRUN_API_URL || 'http://127.0.0.1:3000';
  const proxy = {
    '/api': { target: apiTarget, changeOrigin: true },
    '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    // Product photos: the API gives same-origin paths (/uploads/…), served by the server.
    '/uploads': { target: apiTarget, changeOrigin: true },
  };

  return {
    plugins: [react(), tailwindcss(), precompress()],
    resolve: {
      // Root-relative: Vite resolves '/src/...' against the project root.
      alias: { '@': '/src' },
    },
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Spec §1: console output is silenced in production. Vite 8 minifies with Oxc through Rolldown.
      rolldownOptions: {
        output: {
          minify: { compress: { dropConsole: true, dropDebugger: true } },
        },
      },
    },
  };
});
