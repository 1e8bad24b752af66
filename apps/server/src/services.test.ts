import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(serverDir, 'src');

/** Every .ts file under `dir`, as a path relative to the server package. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(serverDir, full)] : [];
  });
}

const files = [
  ...sourceFiles(src),
  ...sourceFiles(path.join(serverDir, 'bench')),
  ...sourceFiles(path.join(serverDir, 'scripts')),
];
const read = (file: string) => readFileSync(path.join(serverDir, file), 'utf8');

/** The constructors the features' `*.service.ts` files export (`createXService` and the like). */
const constructors = files
  .filter((f) => /modules[\\/][^\\/]+[\\/][^\\/]+\.service\.ts$/.test(f))
  .flatMap((f) => [...read(f).matchAll(/export function (create\w+)\s*\(/g)].map((m) => m[1]!));

describe('the composition root', () => {
  it('finds the service constructors it guards', () => {
    expect(constructors).toEqual(
      expect.arrayContaining(['createChatService', 'createProductsService', 'createRequestsService']),
    );
    expect(constructors.length).toBeGreaterThanOrEqual(18);
  });

  // Tests may build a service of their own around a stub (a database that fails, a small image limit).
  it('is the only source file that calls a service constructor', () => {
    const callers: string[] = [];
    for (const file of files) {
      if (file === path.join('src', 'services.ts') || /\.test\.ts$|[\\/]test[\\/]/.test(file)) continue;
      const text = read(file);
      for (const name of constructors) {
        const calls = text.match(new RegExp(`(?<!function )\\b${name}\\s*\\(`, 'g')) ?? [];
        if (calls.length > 0) callers.push(`${file}: ${name}`);
      }
    }
    expect(callers).toEqual([]);
  });
});
