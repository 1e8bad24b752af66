import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, loadEnv, minify, type Plugin, type Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
import { VitePWA } from 'vite-plugin-pwa';

const bootSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'boot/boot.js');
const PLACEHOLDER = '{}; /* __EARLY_CODE__ */';

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(chunk: OutputChunk, chunks: Map<string, OutputChunk>, into = new Set<string>()) {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const next = chunks.get(file);
    if (next) closure(next, chunks, into);
  }
  return into;
}

/**
 * The table boot.js uses to fetch a signed-in screen's code at once: for each chunk it names (the
 * screens' `code` and the frame's), the script files that chunk needs beyond what the entry loads.
 */
function earlyCode(text: string, bundle: OutputBundle): Record<string, string[]> {
  const chunks = new Map(
    Object.values(bundle)
      .filter((c): c is OutputChunk => c.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const loaded = closure(entry, chunks);
  const names = [...text.matchAll(/(?:code: |_CODE = )'(\w+)'/g)].map((m) => m[1]!);
  const table: Record<string, string[]> = {};
  for (const name of names) {
    const chunk = [...chunks.values()].find(
      (c) => c.isDynamicEntry && c.facadeModuleId && path.parse(c.facadeModuleId).name === name,
    );
    if (!chunk) throw new Error(`boot.js names '${name}', which is no lazily loaded module of the app`);
    table[name] = [...closure(chunk, chunks)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
  }
  return table;
}

/**
 * boot.js, the small script every page runs in its <head>: the build writes into it which script
 * files each signed-in screen needs (so it can fetch them with the screen's data, before the entry
 * has run); the dev server serves it as written, without that table.
 */
function bootScript(): Plugin {
  return {
    name: 'campusrun-boot-script',
    configureServer(server) {
      server.middlewares.use('/boot.js', (_req, res, next) => {
        readFile(bootSource, 'utf8').then((text) => {
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          res.end(text);
        }, next);
      });
    },
    async generateBundle(_options, bundle) {
      const text = await readFile(bootSource, 'utf8');
      if (!text.includes(PLACEHOLDER)) this.error(`boot.js has no ${PLACEHOLDER}`);
      const table = earlyCode(text, bundle);
      const filled = text.replace(PLACEHOLDER, () => `${JSON.stringify(table)};`);
      // It blocks the first paint of every page: sent without its comments and short names.
      const { code, errors } = await minify('boot.js', filled, { compress: true, mangle: true });
      if (errors.length) this.error(`boot.js: ${errors.map((e) => e.message).join('; ')}`);
      this.emitFile({ type: 'asset', fileName: 'boot.js', source: code });
    },
  };
}

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

/**
 * The web app manifest and the service worker (Workbox). The worker precaches the app shell (the
 * build's HTML, scripts, styles and icons), keeps product thumbnails it has shown, and answers a
 * navigation without a network with the app itself for a member signed in on the device (it shows
 * the data kept there), or the offline screen. A new worker waits until the user
 * accepts the "new version" prompt (src/lib/service-worker.ts); it also shows Web Push messages
 * (public/push-sw.js). Files that are not precached still
 * come from the network, so a missing /assets/* file stays a 404.
 */
function installableApp() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: [
      'favicon.svg',
      'favicon.ico',
      'apple-touch-icon-180x180.png',
      'offline.html',
      'offline.js',
      'push-sw.js',
      'offline-sw.js',
    ],
    manifest: {
      id: '/',
      name: 'CampusRun',
      short_name: 'CampusRun',
      description: 'Connecting hostellers and day scholars at the campus.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f8fafc',
      theme_color: '#4f46e5',
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Web Push: showing a push and opening its page on a click (public/push-sw.js); pages offline
      // (public/offline-sw.js).
      importScripts: ['/push-sw.js', '/offline-sw.js'],
      globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
      // The pages are served by the server with the campus settings filled in, never from here.
      globIgnores: ['pages/**'],
      cleanupOutdatedCaches: true,
      // The first worker takes the open page over at once: its screens' code is then there offline
      // without a reload. (A newer worker still waits for the "new version" prompt.)
      clientsClaim: true,
      // Pages always come from the network (the server's answer decides what a URL shows).
      navigateFallback: null,
      runtimeCaching: [
        {
          // From the network; offline, the app for a member signed in here, else the offline screen.
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: ({ request }) =>
            (
              self as unknown as { campusrunNavigate: (request: Request) => Promise<Response> }
            ).campusrunNavigate(request),
        },
        {
          // Thumbnails never change under a name (a new upload gets a new key). Chat photos are
          // private links that expire: never kept here.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin &&
            !url.pathname.startsWith('/uploads/chat/') &&
            /^\/uploads\/.+_thumb\.webp$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'thumbnails',
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
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
    plugins: [react(), tailwindcss(), bootScript(), installableApp(), precompress()],
    resolve: {
      // Root-relative: Vite resolves '/src/...' against the project root.
      alias: [
        { find: '@', replacement: '/src' },
        // The web's zod: the library with its CSP-safe setting applied (src/lib/zod.ts).
        { find: /^zod$/, replacement: '/src/lib/zod.ts' },
      ],
    },
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Console output is silenced in production builds. Vite 8 minifies with Oxc through Rolldown.
      rolldownOptions: {
        output: {
          // PROFILE_NAMES=1 keeps function names, for reading a CPU profile (bench/profile-page.mjs).
          minify: {
            compress: { dropConsole: true, dropDebugger: true },
            mangle: !process.env.PROFILE_NAMES,
          },
          codeSplitting: {
            groups: [
              // Icons several screens share: one file instead of one each.
              { name: 'icons', minShareCount: 2, test: /node_modules[\\/]lucide-react[\\/]/ },
              // TanStack Query's hooks, and the app's small shared modules (components, lib, shared
              // messages) used by four or more chunks: a few files per screen instead of thirty of
              // under a kilobyte each, each a round trip on a phone's network. zod and the forms
              // library stay with the screens that validate.
              { name: 'query', minShareCount: 2, test: /node_modules[\\/]@tanstack[\\/]/ },
              {
                name: 'ui',
                minShareCount: 4,
                test: /src[\\/](components|lib|config)[\\/](?!zod\.|forms\.)|packages[\\/]shared[\\/]src[\\/](messages|constants|errors|reasons)/,
              },
            ],
          },
        },
      },
    },
  };
});
