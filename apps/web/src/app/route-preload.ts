import { type RouteObject, matchRoutes } from 'react-router';

/**
 * Loads the lazy parts (layout, screen) of the routes that match `pathname` and puts them on the
 * route objects, so that the router's first render draws the screen itself rather than waiting for
 * its code. The build does this before prerendering a screen, and the browser before it takes the
 * prerendered HTML over: both first renders then draw the same thing.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (!lazy || typeof lazy === 'function') return;
      const loaded = await Promise.all(
        Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => Promise<unknown>)()]),
      );
      Object.assign(route, Object.fromEntries(loaded));
      delete route.lazy;
    }),
  );
}

/** Every path pattern the routes answer (`/requests/:id`), the catch-all `*` left out. */
export function routePatterns(routes: RouteObject[], parent = '/'): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.index
      ? [parent]
      : route.path
        ? [route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`]
        : [];
    const base = own[0] ?? parent;
    return [...own, ...routePatterns(route.children ?? [], base)];
  });
}
