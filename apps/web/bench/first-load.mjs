/**
 * npm run bench (web part): what a phone downloads to show /login, measured in Chromium against the
 * built app (`npm run build` first; this script builds when apps/server/dist is missing). For every
 * script and style the page loads: its size, its gzip -9 size and the bytes actually sent (the
 * server sends the build's brotli files). Budget: JS for /login ≤ 100 KB gzip.
 *
 *   CHROME_PATH  Chromium to drive (default /usr/bin/chromium)
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverJs = path.join(root, 'apps/server/dist/server.js');
const port = 4000 + (process.pid % 1000);
const base = `http://127.0.0.1:${port}`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!existsSync(serverJs) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-first-load-'));
chmodSync(dataDir, 0o711); // as root, the embedded PostgreSQL server runs as `postgres` and must reach it
const server = spawn(process.execPath, [serverJs], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  for (let ready = false; !ready;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    ready = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 50));
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage();
  const files = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    const body = await response.body();
    const sizes = await response.request().sizes();
    files.push({
      name: url.pathname.split('/').pop(),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      sent: sizes.responseBodySize,
      encoding: response.headers()['content-encoding'] ?? 'none',
    });
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await browser.close();

  files.sort((a, b) => b.gzip - a.gzip);
  console.log(`\nFirst load of /login (${files.length} files, largest first)`);
  for (const f of files)
    console.log(
      `  ${f.name.padEnd(44)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip ${kb(f.sent).padStart(10)} sent (${f.encoding})`,
    );
  const js = files.filter((f) => f.name.endsWith('.js'));
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  console.log(
    `  JavaScript: ${js.length} files, ${kb(sum(js, 'raw'))} raw, ${kb(sum(js, 'gzip'))} gzip (budget 100 KB), ${kb(sum(js, 'sent'))} sent`,
  );
  console.log(`  Everything (JS + CSS): ${kb(sum(files, 'sent'))} sent`);
} finally {
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
