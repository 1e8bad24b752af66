import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { requests } from '../db/schema';
import type { TestApp } from './build-test-app';
import { authAs, createRequest, type createUser } from './factories';

type Member = Awaited<ReturnType<typeof createUser>>;

/**
 * API calls as a member (or signed out, `null`): `get(who, '/settlements/summary')`… `app` gives the
 * test app, which a file's `beforeAll` builds after this is set up.
 */
export function memberCalls(app: () => TestApp) {
  const call = async (
    method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    who: Member | null,
    url: string,
    payload?: object,
  ) =>
    app().app.inject({
      method,
      url: `/api${url}`,
      headers: who ? await authAs(app(), who) : {},
      ...(payload ? { payload } : {}),
    });
  return {
    call,
    get: (who: Member | null, url: string) => call('GET', who, url),
    put: (who: Member | null, url: string, payload?: object) => call('PUT', who, url, payload),
    post: (who: Member | null, url: string, payload: object) => call('POST', who, url, payload),
  };
}

/**
 * A request `deliverer` picked up for `requester`, completed by the requester's confirmation (the
 * completion's own path, so its settlement opens as in the app).
 */
export async function completedRequest(
  t: TestApp,
  requester: Member,
  deliverer: Member,
  opts: Partial<Parameters<typeof createRequest>[1]> = {},
) {
  const request = await createRequest(t.db, {
    requester,
    deliverer,
    status: 'accepted',
    pickedUp: true,
    itemName: 'Notebooks',
    ...opts,
  });
  await t.db.update(requests).set({ pickedUpAt: new Date() }).where(eq(requests.id, request.id));
  const res = await memberCalls(() => t).put(requester, `/requests/${request.id}/confirm-receipt`);
  expect(res.statusCode).toBe(200);
  return request;
}
