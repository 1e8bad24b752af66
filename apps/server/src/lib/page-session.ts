import { createHmac } from 'node:crypto';
import type { AppContext } from './app-context';
import type { Actor, Authenticator } from './auth';
import { cookieValue, secureCookieFlag } from './http';
import { bindUseCases } from './use-cases';
import { createJwt, type Jwt } from './tokens';

/**
 * The page cookie: the session of a signed-in browser, sent with its page requests (navigations),
 * so the server knows whom it draws a page for. It only identifies the member for drawing GET
 * pages: the API never reads it (it takes only `Authorization: Bearer`), and its token is signed
 * with a key of its own, so it is refused as a bearer token and a bearer token is refused as it.
 * It holds the claims of the session's bearer token (user, token version, session, expiry) and is
 * checked by the same rules (`holds` in lib/auth.ts): whatever ends the session ends it too.
 */
export const PAGE_COOKIE = 'campusrun_page';

/** How long the bearer token a page draw is handed lives (seconds): it never leaves the process. */
export const PAGE_BEARER_SECONDS = 60;

/** The page tokens' key: the JWT secret's HMAC with a fixed label, so it is not the bearer tokens' key. */
export const pageTokenSecret = (jwtSecret: string) =>
  createHmac('sha256', jwtSecret).update('campusrun page cookie').digest('base64url');

/** Who asks for a page, and a bearer token of their session for the server's own API calls. */
interface PageSession {
  actor: Actor;
  bearer: string;
}

interface Deps {
  /** The bearer tokens' signer (the session's token is read with it, the page's bearer signed). */
  jwt: Jwt;
  /** The page tokens' signer. */
  pageJwt: Jwt;
  authenticate: Authenticator;
  secure: string;
}

const header = ({ secure }: Deps, value: string, maxAge: number) =>
  `${PAGE_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The `Set-Cookie` of an answer that hands out `bearer` (a sign-in, a renewed session): the page
 * cookie of the same session, expiring with it. A token that does not check out clears the cookie.
 */
async function cookieFor(deps: Deps, bearer: string) {
  const claims = deps.jwt.verify(bearer);
  if (!claims) return header(deps, '', 0);
  const { sub, tv, sid, exp } = claims;
  return header(deps, await deps.pageJwt.sign({ sub, tv, sid }, exp), exp - nowSeconds());
}

/** The `Set-Cookie` of an answer that ends the session (sign-out): the cookie removed. */
const cleared = (deps: Deps) => header(deps, '', 0);

/**
 * The signed-in member a page request comes from, by its `Cookie` header: null without a page
 * cookie, or with one that does not check out or whose session has ended (never throws for a bad
 * header). With the actor, a bearer token of the same session for the API calls made while drawing
 * the page, valid for `PAGE_BEARER_SECONDS` (never past the session's token): it never goes into
 * the page.
 */
async function resolve(deps: Deps, cookieHeader: string | undefined): Promise<PageSession | null> {
  const token = cookieValue(typeof cookieHeader === 'string' ? cookieHeader : undefined, PAGE_COOKIE);
  const claims = token ? deps.pageJwt.verify(token) : null;
  const actor = await deps.authenticate.holder(claims);
  if (!claims || !actor) return null;
  const { sub, tv, sid, exp } = claims;
  const bearer = await deps.jwt.sign({ sub, tv, sid }, Math.min(exp, nowSeconds() + PAGE_BEARER_SECONDS));
  return { actor, bearer };
}

/**
 * The page cookie's three uses: set by every answer that hands out a bearer token, cleared by a
 * sign-out, and resolved by the page renderer. Built once in app.ts and reached as
 * `app.pageSessions` (a decorator, below).
 */
export function createPageSessions(ctx: Pick<AppContext, 'jwt' | 'config'>, authenticate: Authenticator) {
  const deps: Deps = {
    jwt: ctx.jwt,
    pageJwt: createJwt(
      ctx.config.jwtSecrets.map((secret) => pageTokenSecret(secret)),
      ctx.config.jwtTtl,
    ),
    authenticate,
    secure: secureCookieFlag(ctx.config.publicUrl),
  };
  return bindUseCases(deps, { cookieFor, cleared, resolve });
}
type PageSessions = ReturnType<typeof createPageSessions>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The page cookie (lib/page-session.ts): set at sign-in, cleared at sign-out, read by page draws. */
    pageSessions: PageSessions;
  }
}
