import { type RouteObject, matchRoutes } from 'react-router';
import { isLazyScreen } from './lazy-screen';

/**
 * Loads the code of the lazy screens (layout, screen) of the routes that match `pathname`, so that
 * the router's first render draws the screen itself rather than waiting for its code. The build does
 * this before prerendering a screen, and the browser before it takes the prerendered HTML over: both
 * first renders then draw the same thing.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => (isLazyScreen(route.Component) ? route.Component.load() : undefined)),
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
