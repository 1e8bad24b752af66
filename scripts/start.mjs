// `npm start`: builds the web app and the server when their sources changed, then runs the server
// (on the Node npm scripts find first on the path: node_modules/.bin/node, the lockfile's Node 24).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const shared = newest(at('packages/shared/src'));
const targets = [
  {
    workspace: '@campusrun/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/scripts'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
    ],
  },
  {
    workspace: '@campusrun/server',
    output: at('apps/server/dist/server.js'),
    sources: [at('apps/server/src'), at('apps/server/drizzle')],
  },
];
for (const t of targets) {
  const changed = Math.max(
    shared,
    ...t.sources.map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs)),
  );
  if (builtAt(t.output) < changed) {
    console.log(`Building ${t.workspace}…`);
    const r = spawnSync('npm', ['run', 'build', '-w', t.workspace], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

// The server runs in this process (a second Node process would cost its own 40-50 MB for nothing);
// it closes on Ctrl-C, SIGTERM or a closed terminal, then stops its embedded PostgreSQL. Stack
// traces point into dist/: NODE_OPTIONS=--enable-source-maps maps them back to the sources, at the
// price of about 70 MB of heap for the parsed maps.
await import(pathToFileURL(at('apps/server/dist/server.js')).href);
