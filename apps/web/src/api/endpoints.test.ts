import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS_DIR, renderEndpoints } from '../../scripts/endpoints';

const API_DIR = path.dirname(ENDPOINTS_DIR);

describe('the API client', () => {
  it('is what the route contract generates (npm run endpoints -w @campusrun/web rewrites it)', async () => {
    const files = await renderEndpoints();
    expect(readdirSync(ENDPOINTS_DIR).sort()).toEqual([...files.keys()].sort());
    for (const [name, text] of files) expect(readFileSync(path.join(ENDPOINTS_DIR, name), 'utf8'), name).toBe(text);
  }, 30_000);

  it('has one client per route: no two API modules call the same endpoint', () => {
    const callers = new Map<string, string[]>();
    for (const file of readdirSync(API_DIR).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))) {
      const text = readFileSync(path.join(API_DIR, file), 'utf8');
      for (const [, alias, resource] of text.matchAll(/import \* as (\w+) from '\.\/endpoints\/([\w-]+)'/g)) {
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
