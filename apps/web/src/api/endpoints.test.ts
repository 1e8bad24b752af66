import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS_DIR, renderEndpoints } from '../../scripts/endpoints';

const SRC_DIR = path.resolve(ENDPOINTS_DIR, '../..');

/** The app's modules (tests and the generated client aside), by path under src/. */
const appModules = () =>
  readdirSync(SRC_DIR, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !f.includes('.test.') && !f.startsWith(path.join('api', 'endpoints')),
  );

describe('the API client', () => {
  it('is what the route contract generates (npm run endpoints -w @campusrun/web rewrites it)', async () => {
    const files = await renderEndpoints();
    expect(readdirSync(ENDPOINTS_DIR).sort()).toEqual([...files.keys()].sort());
    for (const [name, text] of files)
      expect(readFileSync(path.join(ENDPOINTS_DIR, name), 'utf8'), name).toBe(text);
  }, 30_000);

  it('has one client per route: no two modules call the same endpoint', () => {
    const callers = new Map<string, string[]>();
    for (const file of appModules()) {
      const text = readFileSync(path.join(SRC_DIR, file), 'utf8');
      const imports = /import \* as (\w+) from '(?:\.\/|@\/api\/)endpoints\/([\w-]+)'/g;
      for (const [, alias, resource] of text.matchAll(imports)) {
        for (const [, name] of text.matchAll(new RegExp(`\\b${alias}\\.(\\w+)\\b`, 'g'))) {
          const endpoint = `${resource}.${name}`;
          callers.set(endpoint, [...new Set([...(callers.get(endpoint) ?? []), file])]);
        }
      }
    }
    const shared = [...callers].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
    expect(callers.size).toBeGreaterThan(0);
  });
});
