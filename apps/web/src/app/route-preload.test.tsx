import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isLazyScreen } from './lazy-screen';
import { createRoutes } from './router';
import { loadMatchedRoutes, routePatterns } from './route-preload';

describe('loadMatchedRoutes', () => {
  const all = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...all(r.children ?? [])]);
  /** The component a route's lazy screen has loaded, if any. */
  const loaded = (route: RouteObject | undefined) =>
    isLazyScreen(route?.Component) ? route.Component.loaded() : undefined;

  it('loads the code of the matched layout and screen, and leaves the others lazy', async () => {
    const routes = createRoutes();
    await loadMatchedRoutes(routes, '/login');
    const login = all(routes).find((r) => r.path === '/login');
    expect(loaded(login)?.name).toBe('LoginPage');
    // The auth layout above it is loaded too; a screen elsewhere is not.
    expect(all(routes).filter((r) => loaded(r)?.name === 'AuthLayout')).not.toHaveLength(0);
    expect(all(routes).filter((r) => loaded(r)?.name === 'AppLayout')).toHaveLength(0);
    const chat = all(routes).find((r) => r.path === '/chat');
    expect(isLazyScreen(chat?.Component)).toBe(true);
    expect(loaded(chat)).toBeUndefined();
  });

  it('loads the not-found screen for a path no route answers', async () => {
    const routes = createRoutes();
    await loadMatchedRoutes(routes, '/no/such/page');
    const notFound = routes[0]?.children?.find((r) => r.path === '*');
    expect(loaded(notFound)?.name).toBe('NotFoundPage');
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
