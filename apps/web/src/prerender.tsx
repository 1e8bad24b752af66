/**
 * Build-time rendering of the public screens (scripts/prerender.mjs runs this with Vite's SSR build
 * and writes the HTML). The campus settings are not known at build time: the screens are drawn
 * with the placeholders below, which the server replaces with its own settings when it starts.
 */
import type { CampusConfig } from '@campusrun/shared';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '@/app/App';
import { createQueryClient } from '@/app/providers';
import { AppRoutes, createRoutes } from '@/app/router';
import { loadMatchedRoutes, routePatterns } from '@/app/route-preload';
import { campusConfigQuery } from '@/lib/campus-config';

export const CAMPUS_PLACEHOLDERS = {
  campusName: '__CAMPUS_NAME__',
  emailDomain: '__EMAIL_DOMAIN__',
  googleEnabled: false,
  supportEmail: '__SUPPORT_EMAIL__',
} satisfies CampusConfig;

/** The screens drawn ahead, by path; any path no route answers gets the not-found screen. */
export const PRERENDERED = ['/login', '/register', '/forgot-password'] as const;
/** A path no route answers, to draw the not-found screen. */
export const NOT_FOUND_PROBE = '/__campusrun_not_found__';

/** The markup of the app at `path` as a signed-out visitor first sees it. */
export async function render(path: string): Promise<string> {
  const routes = createRoutes();
  await loadMatchedRoutes(routes, path);
  const queryClient = createQueryClient();
  queryClient.setQueryData(campusConfigQuery.queryKey, CAMPUS_PLACEHOLDERS);
  return renderToString(
    <App queryClient={queryClient}>
      <StaticRouter location={path}>
        <AppRoutes routes={routes} />
      </StaticRouter>
    </App>,
  );
}

/** The path patterns of every screen, for the server to tell an app page from an unknown one. */
export const appRoutePatterns = () => routePatterns(createRoutes());
