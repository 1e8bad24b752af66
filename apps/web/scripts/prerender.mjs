/**
 * Runs after `vite build`: draws the public screens (/login, /register, /forgot-password and the
 * not-found screen) to HTML with the app's own components (src/prerender.tsx, built for Node), so a
 * phone paints them before any JavaScript has run; the browser then takes the HTML over.
 *
 * Writes into dist/pages/ (the server reads it at start and does not serve the folder as files):
 *   <screen>.html   index.html with the screen's markup in #root, and app.html with none
 *   manifest.json   which file answers which path, and every path pattern the app's routes answer
 * The campus settings are placeholders (__CAMPUS_NAME__ …) and __CAMPUS_CONFIG__ stands where the
 * server puts the settings as JSON, so the browser's first render draws what the HTML shows.
 */
import react from '@vitejs/plugin-react';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const pagesDir = path.join(dist, 'pages');
// Inside the workspace, so that Node resolves the externalised packages from its node_modules.
const ssrOut = path.join(webRoot, '.prerender');

const nodeBuild = (entry, outDir, options = {}) =>
  build({
    root: webRoot,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: { alias: { '@': path.join(webRoot, 'src') } },
    publicDir: false,
    ...options,
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      minify: false,
      // ES modules by their name wherever the folder is copied (no package.json says so there).
      rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
    },
  });

await nodeBuild('src/prerender.tsx', ssrOut);
// The renderer of signed-in screens, which the server loads at start: self-contained, so it needs
// nothing from node_modules where it runs.
// React's production build is chosen here, not by the server's NODE_ENV when it runs: a server in
// development or test mode would otherwise draw every page with React's far slower development build.
await nodeBuild('src/server-render.tsx', path.join(dist, 'server'), {
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
});

try {
  const entry = pathToFileURL(path.join(ssrOut, 'prerender.mjs')).href;
  const { render, PRERENDERED, NOT_FOUND_PROBE, appRoutePatterns } = await import(entry);

  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const configTag = '<script type="application/json" id="campus-config">__CAMPUS_CONFIG__</script>';
  if (!shell.includes('<div id="root"></div>') || !shell.includes('</head>'))
    throw new Error('dist/index.html has no empty <div id="root"></div> or no </head>');
  // A screen's <title> (React puts it where the component renders it) replaces the shell's, so
  // the tab and search results show it before any script runs.
  // The app's code: the entry script and the modulepreload links of its imports.
  const code = /<script type="module"[^>]*><\/script>\s*(?:<link rel="modulepreload"[^>]*>\s*)*/.exec(
    shell,
  )?.[0];
  if (!code) throw new Error('dist/index.html has no module script');
  // The page a signed-in screen drawn by the server fills in: the markup goes where <!--drawn--> is,
  // the query cache where <!--drawn-state--> is; the meta tells boot.js the data is in the page.
  const drawnPage = shell
    .replace(/<head>/, () => `<head>\n    <meta name="campusrun-drawn" content="server" />`)
    .replace("</head>", `    ${configTag}\n  </head>`)
    .replace('<div id="root"></div>', '<div id="root"><!--drawn--></div><!--drawn-state-->')
    .replace(code, () => `<template id="app-code">${code.trim()}</template>\n    `);
  const page = (markup) => {
    const title = /^<title>.*?<\/title>/.exec(markup)?.[0];
    const body = title ? markup.slice(title.length) : markup;
    const html = shell
      .replace(/<title>.*?<\/title>/, (shellTitle) => title ?? shellTitle)
      .replace('</head>', `    ${configTag}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
    // A drawn screen shows without the code, so its download waits until the screen is painted
    // (boot/boot.js starts it) instead of taking the network from the styles the paint needs.
    return markup
      ? html.replace(code, () => `<template id="app-code">${code.trim()}</template>\n    `)
      : html;
  };

  mkdirSync(pagesDir, { recursive: true });
  const manifest = {
    app: 'app.html',
    drawn: 'drawn.html',
    renderer: '../server/server-render.mjs',
    notFound: 'not-found.html',
    pages: {},
    routes: appRoutePatterns(),
  };
  writeFileSync(path.join(pagesDir, manifest.app), page(''));
  writeFileSync(path.join(pagesDir, manifest.drawn), drawnPage);
  writeFileSync(path.join(pagesDir, manifest.notFound), page(await render(NOT_FOUND_PROBE)));
  for (const route of PRERENDERED) {
    const file = `${route.slice(1)}.html`;
    writeFileSync(path.join(pagesDir, file), page(await render(route)));
    manifest.pages[route] = file;
  }
  writeFileSync(path.join(pagesDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Prerendered ${PRERENDERED.join(', ')} and the not-found screen into dist/pages/`);
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
}
