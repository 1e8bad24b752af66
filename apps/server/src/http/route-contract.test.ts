import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteContract } from '@campusrun/shared';
import { buildTestApp, type TestApp } from '../test/build-test-app';

/** `METHOD /api/path/{param}`, as the OpenAPI document names an operation. */
const operation = (method: string, path: string) =>
  `${method.toUpperCase()} /api${path.replace(/:(\w+)/g, '{$1}')}`;

const contracted = Object.values(routes).flatMap((resource) =>
  Object.values(resource as Record<string, RouteContract>).map((r) => operation(r.method, r.path)),
);

let t: TestApp;
let served: string[];
beforeAll(async () => {
  t = await buildTestApp({ logLevel: 'warn' });
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  served = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}, 60_000);
afterAll(() => t?.close());

describe('the route contract', () => {
  it('declares each route once', () => {
    expect(contracted.filter((op, i) => contracted.indexOf(op) !== i)).toEqual([]);
  });

  it('is what the server serves: no route outside it, none of it missing', () => {
    expect(served.filter((op) => !op.startsWith('HEAD ') && !contracted.includes(op))).toEqual([]);
    expect(contracted.filter((op) => !served.includes(op))).toEqual([]);
  });

  it('is served at the method and path it declares', () => {
    for (const resource of Object.values(routes))
      for (const contract of Object.values(resource as Record<string, RouteContract>)) {
        const url = `/api${contract.path}`;
        expect(t.app.hasRoute({ method: contract.method, url }), `${contract.method} ${url}`).toBe(true);
      }
  });
});
