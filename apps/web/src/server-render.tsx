/**
 * Drawing a signed-in screen on the server, for the member whose page cookie came with the request
 * (the server's http/web-pages.ts calls `renderSignedIn`). The same `App` tree as the browser, on a
 * static router, with the data the screen asks for already in its query cache: a first pass finds
 * the screen's queries, the server answers them through its own API with the member's session, and
 * the last pass draws the screen with its data. The cache goes into the page (dehydrated), so the
 * browser takes the HTML over without asking for any of it again.
 *
 * Built for Node by scripts/prerender.mjs into dist/server/ (everything bundled, nothing resolved
 * at run time).
 */
import type { CampusConfig, User } from '@campusrun/shared';
import { type Query, type QueryClient, dehydrate, skipToken } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { type RouteObject, StaticRouter, matchRoutes } from 'react-router';
import { App } from '@/app/App';
import { RequireAuth } from '@/app/guards';
import { createQueryClient } from '@/app/providers';
import { AppRoutes, createRoutes } from '@/app/router';
import { loadMatchedRoutes } from '@/app/route-preload';
import { CAMPUS_CONFIG_KEY, campusConfigQuery } from '@/lib/campus-config';
import { setServerTransport } from '@/lib/api-client';
import { DrawnSessionProvider } from '@/lib/auth';
import { forgetFormatters } from '@/lib/format';
import { drawParts, partsLoaded } from '@/lib/lazy-part';
import { drawnAt } from '@/lib/page-clock';

/** What the server gives for one page. */
export interface SignedInPage {
  /** The address: path and query. */
  url: string;
  /** Who the page's cookie names, as GET /auth/me answers. */
  user: User;
  /** The viewer's time zone (an IANA name the server has checked), for dates and times. */
  timeZone: string;
  campus: CampusConfig;
  /** A GET of the API (`/api/…`) as the member: the server's own, in process. */
  api: (pathAndQuery: string) => Promise<{ status: number; body: string }>;
}

export interface DrawnPage {
  /** The markup of #root. */
  html: string;
  /** The dehydrated query cache and who it is for, as JSON safe inside <script>. */
  state: string;
}

/**
 * Passes over the tree at most: each may find queries that wait on the previous ones' data, or a lazily
 * loaded part to draw.
 */
const MAX_PASSES = 5;

/** How React's renderToString marks a <Suspense> it could not finish (the browser draws it). */
const LEFT_TO_BROWSER = '<!--$!-->';

const calls = new AsyncLocalStorage<SignedInPage['api']>();
setServerTransport(async (pathAndQuery) => {
  const api = calls.getStore();
  if (!api) throw new Error('An API call outside a page being drawn');
  const { status, body } = await api(pathAndQuery);
  return new Response(status === 204 ? null : body, {
    status,
    headers: { 'content-type': 'application/json' },
  });
});

const routes = createRoutes();

/** Whether `pathname` is a screen behind sign-in (the ones drawn here). */
export function isSignedInScreen(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.some(({ route }: { route: RouteObject }) => route.Component === RequireAuth);
}

/** `draw` with the process in `timeZone` (a synchronous render: no other page runs meanwhile). */
function inTimeZone<T>(timeZone: string, draw: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = timeZone;
  forgetFormatters();
  try {
    return draw();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
    forgetFormatters();
  }
}

/** A query its screen asks for now (not one waiting, `enabled: false`, for something first). */
const isEnabled = (query: Query) => {
  const { enabled, queryFn } = query.options as {
    enabled?: boolean | ((q: Query) => boolean);
    queryFn?: unknown;
  };
  if (queryFn === skipToken) return false;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};

/** Queries the last pass asked for that have no answer yet. */
const waiting = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query),
    );

/**
 * The screen at `page.url` drawn for `page.user`, or null when it cannot be drawn here as the
 * browser would draw it (a query failed, or more passes were needed): the server then sends the
 * app shell, which draws the screen in the browser as before.
 */
export async function renderSignedIn(page: SignedInPage): Promise<DrawnPage | null> {
  const { pathname } = new URL(page.url, 'http://localhost');
  await loadMatchedRoutes(routes, pathname);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData(campusConfigQuery.queryKey, page.campus);
  const tree = (
    <DrawnSessionProvider value={{ token: 'drawn-on-server', user: page.user }}>
      <App queryClient={queryClient}>
        <StaticRouter location={page.url}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </App>
    </DrawnSessionProvider>
  );

  // Every pass draws at the same moment, which the page carries for the browser's take-over.
  const at = Date.now();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { drawn: html, parts } = drawParts(() =>
      drawnAt(at, () => inTimeZone(page.timeZone, () => renderToString(tree))),
    );
    const queries = waiting(queryClient);
    // A lazily loaded part whose code was not here yet is left for the browser to draw (React marks
    // its place): its code is loading now, and the next pass draws it, with any data it asks for.
    const unfinished = html.includes(LEFT_TO_BROWSER);
    if (queries.length === 0 && !unfinished) {
      if (
        queryClient
          .getQueryCache()
          .getAll()
          .some((query) => query.state.status === 'error')
      )
        return null;
      const state = dehydrate(queryClient, {
        shouldDehydrateQuery: (query) =>
          query.state.status === 'success' && query.queryKey[0] !== CAMPUS_CONFIG_KEY,
      });
      return {
        html: html.replace(/^<title>.*?<\/title>/, ''),
        state: safeJson({ userId: page.user.id, user: page.user, queries: state, parts, drawnAt: at }),
      };
    }
    await Promise.all([
      calls.run(page.api, () => Promise.all(queries.map((query) => query.fetch().catch(() => undefined)))),
      partsLoaded(),
    ]);
  }
  return null;
}

/** JSON that cannot close the <script> it sits in. */
const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
