import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { createRoutes } from './router';
import { loadMatchedRoutes, routePatterns } from './route-preload';

describe('loadMatchedRoutes', () => {
  it('puts the code of the matched layout and screen on their routes, and leaves the others lazy', async () => {
    const routes = createRoutes();
    await loadMatchedRoutes(routes, '/login');
    const all = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...all(r.children ?? [])]);
    const login = all(routes).find((r) => r.path === '/login');
    expect(login?.lazy).toBeUndefined();
    expect(login?.Component).toBeTypeOf('function');
    expect(login?.Component?.name).toBe('LoginPage');
    // The auth layout above it is loaded too; a screen elsewhere is not.
    expect(all(routes).filter((r) => r.Component?.name === 'AuthLayout')).toHaveLength(1);
    expect(all(routes).find((r) => r.path === '/chat')?.lazy).toBeDefined();
  });

  it('loads the not-found screen for a path no route answers', async () => {
    const routes = createRoutes();
    await loadMatchedRoutes(routes, '/no/such/page');
    const notFound = routes[0]?.children?.find((r) => r.path === '*');
    expect(notFound?.Component?.name).toBe('NotFoundPage');
  });
});

describe('routePatterns', () => {
  it('lists every screen the app answers, with parameters, and not the catch-all', () => {
    const patterns = routePatterns(createRoutes());
    for (const p of ['/', '/login', '/hosteller/dashboard', '/requests/:id', '/chat/:userId', '/users/:id'])
      expect(patterns).toContain(p);
    expect(patterns).not.toContain('*');
  });

  it('joins relative child paths to their parent', () => {
    expect(
      routePatterns([{ path: '/a', children: [{ index: true }, { path: 'b/:id' }, { path: '*' }] }]),
    ).toEqual(['/a', '/a', '/a/b/:id']);
  });
});
