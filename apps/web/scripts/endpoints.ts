/**
 * Writes the web's API client, `src/api/endpoints/<resource>.ts`, from the route contract in
 * `packages/shared/src/routes`: one typed function per route, taking what the route's schemas
 * accept and answering what its 2xx schema says. `npm run endpoints -w @campusrun/web` rewrites
 * them; a test fails while they differ from the contract.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { routes, type RouteContract } from '@campusrun/shared';

export const ENDPOINTS_DIR = path.join(import.meta.dirname, '../src/api/endpoints');

/** `/requests/:id/accept` → a template literal that fills `:id` from the call's params. */
function pathExpression(routePath: string): string {
  const filled = routePath.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    return '${encodeURIComponent(input.params.' + name + ')}';
  });
  return filled.includes('${') ? '`' + filled + '`' : `'${filled}'`;
}

function endpoint(resource: string, name: string, contract: RouteContract): string {
  const type = `Routes['${name}']`;
  const takesInput = Boolean(contract.params || contract.query || contract.body || contract.consumes);
  const form = contract.consumes ? ', FormData' : '';
  const parts = [
    contract.query && 'query: input.query',
    (contract.body || contract.consumes) && 'body: input.body',
  ].filter(Boolean);
  const doc = `/** ${contract.method} /api${contract.path}${contract.summary ? ` · ${contract.summary}` : ''} */`;
  // A call that sends only a query may leave it out.
  const optional = !contract.params && !contract.body && !contract.consumes ? ' = {}' : '';
  const args = takesInput
    ? `input: RouteInput<${type}${form}>${optional}, options?: CallOptions`
    : 'options?: CallOptions';
  if (contract.consumes) {
    const upload = `input: RouteInput<${type}, FormData>, options?: Omit<UploadOptions, 'method'>`;
    return `${doc}\nexport const ${name} = (${upload}) =>\n  uploadForm<RouteAnswer<${type}>>(${pathExpression(contract.path)}, input.body, { ...options, method: '${contract.method}' });`;
  }
  if (contract.file)
    return `${doc}\nexport const ${name} = (${args}) => download(${pathExpression(contract.path)}, options);`;
  const sent = parts.length ? `{ ${parts.join(', ')}, ...options }` : 'options';
  return `${doc}\nexport const ${name} = (${args}) =>\n  call<RouteAnswer<${type}>>('${contract.method}', ${pathExpression(contract.path)}, ${sent});`;
}

/** The generated module of one resource. */
function resourceModule(resource: string, contracts: Record<string, RouteContract>): string {
  const used = Object.entries(contracts)
    .filter(([, c]) => !c.browserOnly)
    .sort(([a], [b]) => a.localeCompare(b));
  const calls = used.some(([, c]) => !c.file && !c.consumes);
  const uploads = used.some(([, c]) => c.consumes);
  const downloads = used.some(([, c]) => c.file);
  const inputs = used.some(([, c]) => c.params || c.query || c.body || c.consumes);
  const sharedTypes = [
    'routes',
    ...(calls || uploads ? ['RouteAnswer'] : []),
    ...(inputs ? ['RouteInput'] : []),
  ];
  const clientNames = [
    ...(calls ? ['call'] : []),
    ...(downloads ? ['download'] : []),
    ...(calls || downloads ? ['type CallOptions'] : []),
  ];
  return [
    `// Generated from packages/shared/src/routes/${resource}.ts by \`npm run endpoints -w @campusrun/web\`: do not edit.`,
    `import type { ${sharedTypes.sort().join(', ')} } from '@campusrun/shared';`,
    ...(clientNames.length ? [`import { ${clientNames.join(', ')} } from '@/lib/api-client';`] : []),
    ...(uploads ? [`import { uploadForm, type UploadOptions } from '@/lib/upload';`] : []),
    '',
    `type Routes = typeof routes.${resource};`,
    '',
    used.map(([name, contract]) => endpoint(resource, name, contract)).join('\n\n'),
    '',
  ].join('\n');
}

/** Every generated file's name and text, formatted as the repository formats code. */
export async function renderEndpoints(): Promise<Map<string, string>> {
  const config = (await resolveConfig(path.join(ENDPOINTS_DIR, 'x.ts'))) ?? {};
  const files = new Map<string, string>();
  for (const [resource, contracts] of Object.entries(routes).sort(([a], [b]) => a.localeCompare(b))) {
    // A resource whose every route the client never calls (the link previews' image) gets no module.
    if (Object.values(contracts as Record<string, RouteContract>).every((c) => c.browserOnly)) continue;
    const text = resourceModule(resource, contracts as Record<string, RouteContract>);
    files.set(`${resource}.ts`, await format(text, { ...config, parser: 'typescript' }));
  }
  return files;
}

async function main() {
  const files = await renderEndpoints();
  await mkdir(ENDPOINTS_DIR, { recursive: true });
  for (const old of await readdir(ENDPOINTS_DIR))
    if (!files.has(old) && old.endsWith('.ts') && !old.endsWith('.test.ts'))
      await rm(path.join(ENDPOINTS_DIR, old));
  for (const [name, text] of files) await writeFile(path.join(ENDPOINTS_DIR, name), text);
  console.log(`wrote ${files.size} endpoint modules to ${path.relative(process.cwd(), ENDPOINTS_DIR)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
