import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../boot/boot.js');
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
export function earlyCode(text: string, bundle: OutputBundle): Record<string, string[]> {
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
export function bootScript(): Plugin {
  return {
    name: 'campusrun-boot-script',
    configureServer(server) {
      server.middlewares.use('/boot.js', (_req, res, next) => {
        readFile(source, 'utf8').then((text) => {
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          res.end(text);
        }, next);
      });
    },
    async generateBundle(_options, bundle) {
      const text = await readFile(source, 'utf8');
      if (!text.includes(PLACEHOLDER)) this.error(`boot.js has no ${PLACEHOLDER}`);
      const table = earlyCode(text, bundle);
      this.emitFile({
        type: 'asset',
        fileName: 'boot.js',
        source: text.replace(PLACEHOLDER, () => `${JSON.stringify(table)};`),
      });
    },
  };
}
