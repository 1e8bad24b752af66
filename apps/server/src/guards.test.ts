import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { authAs, createUser } from './test/factories';

/**
 * Every guarded route of the API, with who may call it and the message of its 404. Each call below
 * carries a body and a query that would fail validation and, where the path has one, a malformed id:
 * the guard answers first (401, 403), then the id (the entity's 404), never a 400.
 */
type Audience = 'signedIn' | 'member' | 'hosteller' | 'dayscholar' | 'moderator';
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  audience: Audience;
  /** The 404 message of a malformed id in the path. */
  notFound?: string;
}

const REQUEST = 'Request not found';
const PRODUCT = 'Product not found';
const USER = 'User not found';
const SEARCH = 'Saved search not found';
const WANTED = 'Wanted post not found';
const LOST_FOUND = 'Lost and found post not found';
const NOTIFICATION = 'Notification not found';
const OFFER = 'Offer not found';
const RUN = 'Run not found';
const TRIP = 'Trip not found';
const SETTLEMENT = 'Settlement not found';

const ROUTES: Route[] = [
  { method: 'GET', path: '/api/auth/me', audience: 'signedIn' },
  { method: 'POST', path: '/api/auth/logout', audience: 'signedIn' },
  { method: 'POST', path: '/api/auth/logout-all', audience: 'signedIn' },
  { method: 'GET', path: '/api/auth/sessions', audience: 'signedIn' },
  { method: 'DELETE', path: '/api/auth/sessions/:id', audience: 'signedIn', notFound: 'Session not found' },
  { method: 'GET', path: '/api/push/config', audience: 'signedIn' },
  { method: 'GET', path: '/api/email/preferences', audience: 'signedIn' },
  { method: 'PUT', path: '/api/email/preferences', audience: 'signedIn' },
  { method: 'POST', path: '/api/push/subscriptions', audience: 'signedIn' },
  { method: 'DELETE', path: '/api/push/subscriptions', audience: 'signedIn' },
  { method: 'PUT', path: '/api/push/preferences', audience: 'signedIn' },
  { method: 'PUT', path: '/api/users/complete-google-profile', audience: 'signedIn' },
  { method: 'PUT', path: '/api/users/profile', audience: 'signedIn' },
  { method: 'PUT', path: '/api/users/change-password', audience: 'signedIn' },
  { method: 'PUT', path: '/api/users/avatar', audience: 'signedIn' },
  { method: 'DELETE', path: '/api/users/avatar', audience: 'signedIn' },
  { method: 'GET', path: '/api/users/:id', audience: 'signedIn', notFound: USER },
  { method: 'GET', path: '/api/users/blocked', audience: 'signedIn' },
  { method: 'POST', path: '/api/users/:id/block', audience: 'signedIn', notFound: USER },
  { method: 'DELETE', path: '/api/users/:id/block', audience: 'signedIn', notFound: USER },
  { method: 'GET', path: '/api/ratings/user/:userId', audience: 'signedIn', notFound: USER },
  { method: 'GET', path: '/api/users/me/export', audience: 'signedIn' },
  { method: 'GET', path: '/api/users/me/deletion-blockers', audience: 'signedIn' },
  { method: 'DELETE', path: '/api/users/me', audience: 'signedIn' },

  { method: 'POST', path: '/api/ratings', audience: 'member' },
  { method: 'POST', path: '/api/reports', audience: 'member' },
  { method: 'GET', path: '/api/moderation/reports', audience: 'moderator' },
  { method: 'PUT', path: '/api/moderation/reports/:id', audience: 'moderator', notFound: 'Report not found' },
  { method: 'PUT', path: '/api/moderation/users/:id/unsuspend', audience: 'moderator', notFound: USER },
  { method: 'GET', path: '/api/moderation/actions', audience: 'moderator' },
  { method: 'GET', path: '/api/moderation/disputes', audience: 'moderator' },
  {
    method: 'PUT',
    path: '/api/moderation/disputes/:id',
    audience: 'moderator',
    notFound: 'Dispute not found',
  },
  { method: 'GET', path: '/api/settlements', audience: 'member' },
  { method: 'GET', path: '/api/settlements/summary', audience: 'member' },
  { method: 'GET', path: '/api/settlements/earnings', audience: 'member' },
  { method: 'GET', path: '/api/settlements/for', audience: 'member' },
  { method: 'PUT', path: '/api/settlements/:id/confirm', audience: 'member', notFound: SETTLEMENT },
  { method: 'PUT', path: '/api/settlements/:id/decline', audience: 'member', notFound: SETTLEMENT },
  { method: 'PUT', path: '/api/settlements/:id/accept-cost', audience: 'member', notFound: SETTLEMENT },
  { method: 'PUT', path: '/api/settlements/:id/paid', audience: 'member', notFound: SETTLEMENT },
  { method: 'PUT', path: '/api/settlements/:id/tip', audience: 'member', notFound: SETTLEMENT },
  { method: 'PUT', path: '/api/settlements/:id/received', audience: 'member', notFound: SETTLEMENT },
  { method: 'PUT', path: '/api/settlements/:id/not-received', audience: 'member', notFound: SETTLEMENT },
  { method: 'PUT', path: '/api/settlements/:id/remind', audience: 'member', notFound: SETTLEMENT },
  { method: 'POST', path: '/api/settlements/:id/dispute', audience: 'member', notFound: SETTLEMENT },
  { method: 'POST', path: '/api/disputes', audience: 'member' },
  { method: 'PUT', path: '/api/disputes/:id/statement', audience: 'member', notFound: 'Dispute not found' },
  { method: 'PUT', path: '/api/disputes/:id/withdraw', audience: 'member', notFound: 'Dispute not found' },
  { method: 'POST', path: '/api/chat', audience: 'member' },
  { method: 'GET', path: '/api/chat/conversations', audience: 'member' },
  { method: 'POST', path: '/api/chat/photo', audience: 'member' },
  { method: 'GET', path: '/api/chat/conversation/:userId', audience: 'member', notFound: USER },
  { method: 'GET', path: '/api/notifications', audience: 'member' },
  { method: 'PUT', path: '/api/notifications/read-all', audience: 'member' },
  { method: 'PUT', path: '/api/notifications/:id/read', audience: 'member', notFound: NOTIFICATION },
  { method: 'GET', path: '/api/requests/:id', audience: 'member', notFound: REQUEST },
  { method: 'GET', path: '/api/products', audience: 'member' },
  { method: 'GET', path: '/api/products/:id', audience: 'member', notFound: PRODUCT },
  { method: 'GET', path: '/api/products/saved', audience: 'member' },
  { method: 'GET', path: '/api/products/price-guide', audience: 'member' },
  { method: 'PUT', path: '/api/products/:id/save', audience: 'member', notFound: PRODUCT },
  { method: 'DELETE', path: '/api/products/:id/save', audience: 'member', notFound: PRODUCT },
  { method: 'GET', path: '/api/products/:id/reviews', audience: 'member', notFound: PRODUCT },
  { method: 'POST', path: '/api/products/:id/offers', audience: 'member', notFound: PRODUCT },
  { method: 'GET', path: '/api/products/:id/offers', audience: 'member', notFound: PRODUCT },
  { method: 'PUT', path: '/api/offers/:id/accept', audience: 'member', notFound: OFFER },
  { method: 'PUT', path: '/api/offers/:id/decline', audience: 'member', notFound: OFFER },
  { method: 'PUT', path: '/api/offers/:id/withdraw', audience: 'member', notFound: OFFER },
  { method: 'GET', path: '/api/users/:id/profile', audience: 'member', notFound: USER },
  { method: 'GET', path: '/api/users/following', audience: 'member' },
  { method: 'GET', path: '/api/users/followers', audience: 'member' },
  { method: 'GET', path: '/api/users/:id/follow', audience: 'member', notFound: USER },
  { method: 'PUT', path: '/api/users/:id/follow', audience: 'member', notFound: USER },
  { method: 'DELETE', path: '/api/users/:id/follow', audience: 'member', notFound: USER },
  { method: 'GET', path: '/api/saved-searches', audience: 'member' },
  { method: 'POST', path: '/api/saved-searches', audience: 'member' },
  { method: 'PATCH', path: '/api/saved-searches/:id', audience: 'member', notFound: SEARCH },
  { method: 'POST', path: '/api/saved-searches/:id/open', audience: 'member', notFound: SEARCH },
  { method: 'DELETE', path: '/api/saved-searches/:id', audience: 'member', notFound: SEARCH },
  { method: 'GET', path: '/api/wanted', audience: 'member' },
  { method: 'POST', path: '/api/wanted', audience: 'member' },
  { method: 'GET', path: '/api/wanted/:id', audience: 'member', notFound: WANTED },
  { method: 'POST', path: '/api/wanted/:id/renew', audience: 'member', notFound: WANTED },
  { method: 'POST', path: '/api/wanted/:id/close', audience: 'member', notFound: WANTED },
  { method: 'DELETE', path: '/api/wanted/:id', audience: 'member', notFound: WANTED },
  { method: 'POST', path: '/api/wanted/:id/answer', audience: 'member', notFound: WANTED },
  { method: 'PUT', path: '/api/wanted/:id/photo', audience: 'member', notFound: WANTED },
  { method: 'DELETE', path: '/api/wanted/:id/photo', audience: 'member', notFound: WANTED },
  { method: 'GET', path: '/api/lost-found', audience: 'member' },
  { method: 'POST', path: '/api/lost-found', audience: 'member' },
  { method: 'GET', path: '/api/lost-found/places', audience: 'member' },
  { method: 'GET', path: '/api/lost-found/:id', audience: 'member', notFound: LOST_FOUND },
  { method: 'PATCH', path: '/api/lost-found/:id', audience: 'member', notFound: LOST_FOUND },
  { method: 'DELETE', path: '/api/lost-found/:id', audience: 'member', notFound: LOST_FOUND },
  { method: 'POST', path: '/api/lost-found/:id/renew', audience: 'member', notFound: LOST_FOUND },
  { method: 'POST', path: '/api/lost-found/:id/resolve', audience: 'member', notFound: LOST_FOUND },
  { method: 'PUT', path: '/api/lost-found/:id/photos', audience: 'member', notFound: LOST_FOUND },
  { method: 'DELETE', path: '/api/lost-found/:id/photos', audience: 'member', notFound: LOST_FOUND },
  { method: 'POST', path: '/api/lost-found/:id/claims', audience: 'member', notFound: LOST_FOUND },
  { method: 'GET', path: '/api/lost-found/:id/claims', audience: 'member', notFound: LOST_FOUND },
  {
    method: 'POST',
    path: '/api/lost-found/:id/claims/:claimId/accept',
    audience: 'member',
    notFound: LOST_FOUND,
  },
  {
    method: 'POST',
    path: '/api/lost-found/:id/claims/:claimId/withdraw',
    audience: 'member',
    notFound: LOST_FOUND,
  },
  { method: 'GET', path: '/api/runs', audience: 'member' },
  { method: 'GET', path: '/api/runs/:id', audience: 'member', notFound: RUN },
  { method: 'GET', path: '/api/trips', audience: 'member' },
  { method: 'GET', path: '/api/trips/:id', audience: 'member', notFound: TRIP },
  { method: 'GET', path: '/api/trips/:id/stops', audience: 'dayscholar', notFound: TRIP },
  { method: 'GET', path: '/api/trips/mine', audience: 'dayscholar' },
  { method: 'POST', path: '/api/trips', audience: 'dayscholar' },
  { method: 'PUT', path: '/api/trips/:id/cancel', audience: 'dayscholar', notFound: TRIP },
  { method: 'PUT', path: '/api/trips/:id/attach', audience: 'hosteller', notFound: TRIP },
  { method: 'PUT', path: '/api/trips/:id/detach', audience: 'hosteller', notFound: TRIP },

  // Selling and the seller's writes: hostellers (checked before the body, with the product's own message).
  { method: 'POST', path: '/api/products', audience: 'hosteller' },
  { method: 'PUT', path: '/api/products/:id', audience: 'hosteller', notFound: PRODUCT },
  { method: 'PATCH', path: '/api/products/:id/status', audience: 'hosteller', notFound: PRODUCT },
  { method: 'PUT', path: '/api/products/:id/sold', audience: 'hosteller', notFound: PRODUCT },
  { method: 'POST', path: '/api/products/:id/renew', audience: 'hosteller', notFound: PRODUCT },
  { method: 'POST', path: '/api/products/:id/bump', audience: 'hosteller', notFound: PRODUCT },
  { method: 'GET', path: '/api/products/:id/buyers', audience: 'member', notFound: PRODUCT },
  { method: 'DELETE', path: '/api/products/:id', audience: 'hosteller', notFound: PRODUCT },
  { method: 'POST', path: '/api/requests', audience: 'hosteller' },
  { method: 'GET', path: '/api/requests/my-requests', audience: 'hosteller' },
  { method: 'PUT', path: '/api/requests/:id/cancel', audience: 'hosteller', notFound: REQUEST },
  { method: 'PUT', path: '/api/requests/:id/repost', audience: 'hosteller', notFound: REQUEST },
  { method: 'PUT', path: '/api/requests/:id/confirm-receipt', audience: 'hosteller', notFound: REQUEST },
  { method: 'GET', path: '/api/hosteller/requests/recent', audience: 'hosteller' },
  { method: 'GET', path: '/api/hosteller/stats', audience: 'hosteller' },
  { method: 'GET', path: '/api/hosteller/products/recent', audience: 'hosteller' },
  { method: 'POST', path: '/api/runs', audience: 'hosteller' },
  { method: 'POST', path: '/api/runs/:id/join', audience: 'hosteller', notFound: RUN },
  { method: 'DELETE', path: '/api/runs/:id/join', audience: 'hosteller', notFound: RUN },

  { method: 'GET', path: '/api/requests/my-deliveries', audience: 'dayscholar' },
  { method: 'PUT', path: '/api/requests/:id/accept', audience: 'dayscholar', notFound: REQUEST },
  { method: 'PUT', path: '/api/requests/:id/deliver', audience: 'dayscholar', notFound: REQUEST },
  { method: 'PUT', path: '/api/requests/:id/picked-up', audience: 'dayscholar', notFound: REQUEST },
  { method: 'PUT', path: '/api/requests/:id/on-the-way', audience: 'dayscholar', notFound: REQUEST },
  { method: 'PUT', path: '/api/requests/:id/cancel-delivery', audience: 'dayscholar', notFound: REQUEST },
  { method: 'GET', path: '/api/dayscholar/requests/available', audience: 'dayscholar' },
  { method: 'GET', path: '/api/dayscholar/deliveries/active', audience: 'dayscholar' },
  { method: 'GET', path: '/api/dayscholar/stats', audience: 'dayscholar' },
  { method: 'PUT', path: '/api/runs/:id/accept', audience: 'dayscholar', notFound: RUN },
];

/**
 * Routes without a user guard: signing in, the configuration, health and readiness, and the metrics
 * (closed by caller address or METRICS_TOKEN instead; see system.test.ts).
 */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/metrics',
  'GET /api/config',
  'POST /api/auth/register',
  'POST /api/auth/send-otp',
  'POST /api/auth/verify-otp',
  'POST /api/auth/verify-email',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/google/exchange',
  // Google sign-in's redirects: cookies carry what they need (see google.test.ts).
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  // The e-mail's unsubscribe link: its signed token says who (see emails.test.ts).
  'GET /api/email/unsubscribe',
  'POST /api/email/unsubscribe',
  // A browser's speed report: sendBeacon cannot send the token; it names no one (see vitals.test.ts).
  'POST /api/vitals',
  // A dispute's photo in an <img>, which cannot send the token: only its signed, expiring link
  // answers (see settlements.disputes.test.ts).
  'GET /api/disputes/:id/photos/:photo',
  // A shared link's preview image, for the robots that draw link previews: only of what previews
  // now, and nothing personal (see previews.test.ts).
  'GET /api/previews/:kind/:id/image',
]);

/** Fails every body, query and params schema of the API. */
const INVALID_QUERY = '?limit=abc&status=nope&sort=nope&minPrice=-1';
const INVALID_BODY = { status: 'nope', rating: 99, content: '', itemName: '', name: '', password: 1 };
const MALFORMED = 'not-a-uuid';

const urlOf = (route: Route) => route.path.replace(/:[A-Za-z]+/g, MALFORMED) + INVALID_QUERY;
const label = (route: Route) => `${route.method} ${route.path}`;

let t: TestApp;
const headers: Record<'incomplete' | 'hosteller' | 'dayscholar' | 'moderator', { authorization: string }> =
  {} as never;

beforeAll(async () => {
  t = await buildTestApp();
  const incomplete = await createUser(t.db, { role: 'hosteller' });
  await t.db.update(users).set({ isProfileComplete: false }).where(eq(users.id, incomplete.id));
  headers.incomplete = await authAs(t, incomplete);
  headers.hosteller = await authAs(t, await createUser(t.db, { role: 'hosteller' }));
  headers.dayscholar = await authAs(t, await createUser(t.db, { role: 'dayscholar' }));
  const moderator = await createUser(t.db, { role: 'dayscholar' });
  await t.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
  headers.moderator = await authAs(t, moderator);
});
afterAll(() => t?.close());

const call = (route: Route, auth: { authorization?: string } = {}) =>
  t.app.inject({
    method: route.method,
    url: urlOf(route),
    headers: { ...auth, 'content-type': 'application/json' },
    ...(route.method === 'GET' ? {} : { payload: JSON.stringify(INVALID_BODY) }),
  });

/** Someone signed in whom the route refuses, or none for routes every signed-in user may call. */
function refused(route: Route) {
  switch (route.audience) {
    case 'signedIn':
      return undefined;
    case 'member':
      return headers.incomplete;
    case 'hosteller':
      return headers.dayscholar;
    case 'dayscholar':
      return headers.hosteller;
    case 'moderator':
      return headers.hosteller;
  }
}
const allowed = (route: Route) =>
  route.audience === 'dayscholar'
    ? headers.dayscholar
    : route.audience === 'moderator'
      ? headers.moderator
      : headers.hosteller;

describe('guards and ids, on every route, before validation', () => {
  it('the table names every route of the API that is not public', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const guarded = documented.filter((r) => !PUBLIC.has(r));
    expect(guarded.sort()).toEqual(ROUTES.map(label).sort());
  });

  it.each(ROUTES.map((r) => [label(r), r] as const))('%s: signed out is 401', async (_, route) => {
    const res = await call(route);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Please login first',
      code: 'UNAUTHORIZED',
      reason: 'unauthorized',
    });
  });

  it.each(ROUTES.filter(refused).map((r) => [label(r), r] as const))(
    '%s: the wrong role or an incomplete profile is 403',
    async (_, route) => {
      const res = await call(route, refused(route));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'FORBIDDEN', reason: 'forbidden' });
    },
  );

  it.each(ROUTES.filter((r) => r.notFound).map((r) => [label(r), r] as const))(
    "%s: a malformed id is the entity's 404",
    async (_, route) => {
      const res = await call(route, allowed(route));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: route.notFound, code: 'NOT_FOUND', reason: 'notFound' });
    },
  );
});
