import { describe, expect, it } from 'vitest';

/**
 * Every endpoint the web calls is declared once, so it has one fetcher and one cache key: a second
 * client of the same method and path would keep its own copy of the data, which a live update or a
 * mutation would then leave stale. The check reads the source, so it also covers code no test runs.
 */

/** The app's source, tests and the client's own definitions aside. */
const sources = import.meta.glob<string>(
  [
    '/src/**/*.{ts,tsx}',
    '!/src/**/*.test.{ts,tsx}',
    '!/src/test/**',
    '!/src/lib/api-client.ts',
    '!/src/lib/upload.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

interface Declaration {
  endpoint: string;
  file: string;
}

/** A path as the server's route table names it: each `${…}` part is one parameter. */
const normalisePath = (path: string) => path.replace(/\$\{[^}]*\}/g, '{}');

/** `api.get<T>('/x')`, `api.delete(`/x/${id}`)`, `api.download('/x')`… */
const API_CALL = /\bapi\s*\.\s*(get|post|put|patch|delete|download)\s*(?:<[^()]*?>)?\s*\(\s*(['`])(.*?)\2/gs;
/** `apiRequest('/x', { method: 'DELETE' })` and `uploadForm('/x', form, { method: 'PUT' })`. */
const OTHER_CALL = /\b(apiRequest|uploadForm|apiDownload)\s*(?:<[^()]*?>)?\s*\(\s*(['`])(.*?)\2([^;]*)/gs;
/** Any use of the client's methods: each must be a call the patterns above read. */
const API_USE =
  /\bapi\s*\.\s*(get|post|put|patch|delete|download)\b|\b(apiRequest|uploadForm|apiDownload)\s*[<(]/g;

const DEFAULT_METHOD: Record<string, string> = { apiRequest: 'GET', uploadForm: 'POST', apiDownload: 'GET' };

/** The endpoints a source file calls, and how many client uses it has (to catch unreadable ones). */
function declarations(source: string, file: string) {
  const found: Declaration[] = [];
  for (const [, method, , path] of source.matchAll(API_CALL)) {
    const verb = method === 'download' ? 'GET' : method!.toUpperCase();
    found.push({ endpoint: `${verb} ${normalisePath(path!)}`, file });
  }
  for (const [, fn, , path, rest] of source.matchAll(OTHER_CALL)) {
    const method = /method:\s*'(\w+)'/.exec(rest ?? '')?.[1] ?? DEFAULT_METHOD[fn!]!;
    found.push({ endpoint: `${method} ${normalisePath(path!)}`, file });
  }
  const uses = [...source.matchAll(API_USE)].length;
  return { found, unreadable: uses - found.length };
}

/** Each endpoint declared more than once, with the files that declare it. */
function duplicates(all: Declaration[]): string[] {
  const files = new Map<string, string[]>();
  for (const { endpoint, file } of all) files.set(endpoint, [...(files.get(endpoint) ?? []), file]);
  return [...files]
    .filter(([, where]) => where.length > 1)
    .map(([endpoint, where]) => `${endpoint}: ${where.join(', ')}`);
}

describe('the web API layer', () => {
  const scanned = Object.entries(sources).map(([file, source]) => ({ file, ...declarations(source, file) }));
  const all = scanned.flatMap((s) => s.found);

  it('reads every call to the API client (a literal path per call)', () => {
    expect(all.length).toBeGreaterThan(50);
    expect(scanned.filter((s) => s.unreadable !== 0).map((s) => s.file)).toEqual([]);
  });

  it('declares each method and path once', () => {
    expect(duplicates(all)).toEqual([]);
  });

  it('tells a parameter apart from a literal part, and one method from another', () => {
    const sample = [
      'api.get<X>(`/products/${encodeURIComponent(id)}`, { signal })',
      'api\n  .get<{ product: Product }>(`/products/${id}`)',
      "api.put(`/products/${id}/save`); api.delete(`/products/${id}/save`); api.get('/products/saved')",
      "apiRequest('/push/subscriptions', { method: 'DELETE', body }); uploadForm<R>(`/products/${id}`, form, { method: 'PUT' })",
    ].join('\n');
    const { found, unreadable } = declarations(sample, 'sample.ts');
    expect(unreadable).toBe(0);
    expect(duplicates(found)).toEqual(['GET /products/{}: sample.ts, sample.ts']);
    expect(found.map((d) => d.endpoint)).toEqual([
      'GET /products/{}',
      'GET /products/{}',
      'PUT /products/{}/save',
      'DELETE /products/{}/save',
      'GET /products/saved',
      'DELETE /push/subscriptions',
      'PUT /products/{}',
    ]);
  });
});
