import { eq } from 'drizzle-orm';
import {
  ACCOUNT_DELETION,
  ACCOUNT_MESSAGES,
  DELETED_USER_NAME,
  type AccountBlocker,
  type AccountBlockerKind,
} from '@campusrun/shared';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests as requestsTable, runs, sessions, settlements, trips, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { multipartBody, pngImage } from '../../test/images';
import {
  DEFAULT_PASSWORD,
  bearer,
  createProduct,
  createRequest,
  createUser,
  tokenFor,
  uniqueEmail,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ requestSweepSeconds: 0 });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof createUser>>;

const deleteMe = (token: string, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(token), payload });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const HOUR = 3600_000;

/** A member signed in with Google only: no password. */
async function googleMember(role: 'hosteller' | 'dayscholar' = 'hosteller') {
  const user = await createUser(t.db, { role, name: 'Gita Google' });
  const [row] = await t.db
    .update(users)
    .set({ passwordHash: null, googleSub: `sub-${user.id}` })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

/** Makes the session behind `token` look `minutesAgo` old. */
async function signedInAgo(token: string, minutesAgo: number) {
  const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
  await t.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(sessions.id, sid));
}

describe('DELETE /users/me: proving it is them', () => {
  it('a member with a password must send it: missing or blank, then wrong, are field errors', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t, user);
    for (const payload of [{}, { password: '   ' }, { confirm: 'DELETE' }]) {
      const res = await deleteMe(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ param: 'password', msg: ACCOUNT_MESSAGES.passwordRequired }]);
    }
    const wrong = await deleteMe(token, { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ param: 'password', msg: ACCOUNT_MESSAGES.passwordWrong }]);
    // Nothing happened: still signed in, still named.
    expect((await me(token)).statusCode).toBe(200);
    expect((await rowOf(user.id)).deletedAt).toBeNull();
  });

  it('a member without a password types DELETE, within 10 minutes of signing in', async () => {
    const user = await googleMember();
    const token = await tokenFor(t, user);
    for (const payload of [{ confirm: 'delete' }, { password: 'anything' }]) {
      const res = await deleteMe(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ param: 'confirm', msg: ACCOUNT_MESSAGES.confirmWrong }]);
    }
    await signedInAgo(token, ACCOUNT_DELETION.recentSignInMinutes + 1);
    const stale = await deleteMe(token, { confirm: 'DELETE' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ reason: 'signInAgain', message: ACCOUNT_MESSAGES.signInAgain });
    expect((await rowOf(user.id)).deletedAt).toBeNull();

    // Signed in again just now: allowed.
    const fresh = await tokenFor(t, user);
    await signedInAgo(fresh, ACCOUNT_DELETION.recentSignInMinutes - 1);
    const res = await deleteMe(fresh, { confirm: 'DELETE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.deleted });
    expect((await rowOf(user.id)).googleSub).toBeNull();
  });

  it(`counts every attempt: the ${ACCOUNT_DELETION.perHour + 1}th in an hour is 429`, async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t, user);
    for (let i = 0; i < ACCOUNT_DELETION.perHour; i++)
      expect((await deleteMe(token, { password: 'wrong' })).statusCode).toBe(400);
    const res = await deleteMe(token, { password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.tooMany);
    expect((await rowOf(user.id)).deletedAt).toBeNull();
  });

  it('answers a body that is not an object, or a password that is not text, with 400', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t, user);
    const bare = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(token) });
    expect(bare.statusCode).toBe(400);
    expect((await deleteMe(token, { password: 12345 })).statusCode).toBe(400);
    expect((await deleteMe(token, { password: 'x'.repeat(10_000) })).statusCode).toBe(400);
    expect((await rowOf(user.id)).deletedAt).toBeNull();
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/users/me', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

/** Tries to delete with the password; answers the 409's blockers (and checks the refusal). */
async function refusedWith(user: User) {
  const res = await deleteMe(await tokenFor(t, user), { password: DEFAULT_PASSWORD });
  expect(res.statusCode).toBe(409);
  const body = res.json();
  expect(body).toMatchObject({ code: 'CONFLICT', reason: 'accountInUse', message: ACCOUNT_MESSAGES.blocked });
  return body.blockers as AccountBlocker[];
}
const deletes = async (user: User) =>
  (await deleteMe(await tokenFor(t, user), { password: DEFAULT_PASSWORD })).statusCode;
/** GET /users/me/deletion-blockers as `user`: what the Delete dialog shows before asking anything. */
async function blockersShown(user: User) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/users/me/deletion-blockers',
    headers: bearer(await tokenFor(t, user)),
  });
  expect(res.statusCode).toBe(200);
  return res.json().blockers as AccountBlocker[];
}

describe('DELETE /users/me: what stands in the way', () => {
  const cases: {
    kind: AccountBlockerKind;
    /** Makes `user` hold the blocker; answers its id, its title and how to finish it. */
    hold: (user: User) => Promise<{ id: string; title: string; finish: () => Promise<unknown> }>;
    role: 'hosteller' | 'dayscholar';
  }[] = [
    {
      kind: 'delivery',
      role: 'dayscholar',
      hold: async (user) => {
        const requester = await createUser(t.db);
        const r = await createRequest(t.db, {
          requester,
          deliverer: user,
          status: 'accepted',
          itemName: 'Chalk box',
        });
        return {
          id: r.id,
          title: 'Chalk box',
          finish: () => complete(r.id),
        };
      },
    },
    {
      kind: 'request',
      role: 'hosteller',
      hold: async (user) => {
        const deliverer = await createUser(t.db, { role: 'dayscholar' });
        const r = await createRequest(t.db, {
          requester: user,
          deliverer,
          status: 'accepted',
          itemName: 'Ink refill',
        });
        return { id: r.id, title: 'Ink refill', finish: () => complete(r.id) };
      },
    },
    {
      kind: 'trip',
      role: 'dayscholar',
      hold: async (user) => {
        const [trip] = await t.db
          .insert(trips)
          .values({
            runnerId: user.id,
            from: 'Katpadi',
            arriveAt: new Date(Date.now() + 3 * HOUR),
            cutoffAt: new Date(Date.now() + 2 * HOUR),
            capacity: 3,
          })
          .returning();
        return {
          id: trip!.id,
          title: 'Katpadi',
          finish: () => t.db.update(trips).set({ status: 'cancelled' }).where(eq(trips.id, trip!.id)),
        };
      },
    },
    {
      kind: 'run',
      role: 'hosteller',
      hold: async (user) => {
        const starter = await createUser(t.db);
        const [run] = await t.db
          .insert(runs)
          .values({
            starterId: starter.id,
            pickupFrom: 'Katpadi market',
            cutoffAt: new Date(Date.now() + HOUR),
            deadline: new Date(Date.now() + 5 * HOUR),
            totalFee: 6000,
          })
          .returning();
        const mine = await createRequest(t.db, { requester: user, itemName: 'Bread' });
        await t.db.update(requestsTable).set({ runId: run!.id }).where(eq(requestsTable.id, mine.id));
        return {
          id: run!.id,
          title: 'Katpadi market',
          finish: () => t.db.update(runs).set({ status: 'cancelled' }).where(eq(runs.id, run!.id)),
        };
      },
    },
    {
      kind: 'settlement',
      role: 'hosteller',
      hold: async (user) => {
        const deliverer = await createUser(t.db, { role: 'dayscholar' });
        const r = await createRequest(t.db, {
          requester: user,
          deliverer,
          status: 'completed',
          itemName: 'Graph paper',
        });
        const [s] = await t.db
          .insert(settlements)
          .values({
            kind: 'request',
            requestId: r.id,
            title: 'Graph paper',
            payerId: user.id,
            payeeId: deliverer.id,
            amount: 5000,
            originalAmount: 5000,
            state: 'paid',
          })
          .returning();
        return {
          id: s!.id,
          title: 'Graph paper',
          finish: () => t.db.update(settlements).set({ state: 'settled' }).where(eq(settlements.id, s!.id)),
        };
      },
    },
  ];

  for (const { kind, role, hold } of cases)
    it(`refuses while they hold a ${kind}, names it, and deletes once it is finished`, async () => {
      const user = await createUser(t.db, { role, name: 'Blocked Bina' });
      const held = await hold(user);
      // Shown before any password is asked for, as the refusal names it.
      expect(await blockersShown(user)).toEqual([{ kind, id: held.id, title: held.title }]);
      expect(await refusedWith(user)).toEqual([{ kind, id: held.id, title: held.title }]);
      // Refused: nothing was erased, nothing cancelled.
      const row = await rowOf(user.id);
      expect(row).toMatchObject({ name: 'Blocked Bina', deletedAt: null });
      await held.finish();
      expect(await blockersShown(user)).toEqual([]);
      expect(await deletes(user)).toBe(200);
      expect((await rowOf(user.id)).name).toBe(DELETED_USER_NAME);
    });

  it('lists every blocker at once, by kind', async () => {
    const user = await createUser(t.db, { role: 'hosteller' });
    const settlement = await cases[4]!.hold(user);
    const request = await cases[1]!.hold(user);
    const blockers = await refusedWith(user);
    expect(blockers.map((b) => [b.kind, b.id])).toEqual([
      ['request', request.id],
      ['settlement', settlement.id],
    ]);
    expect(await blockersShown(user)).toEqual(blockers);
  });

  it('showing the blockers changes nothing: pending requests stay pending, and only their own are shown', async () => {
    const user = await createUser(t.db, { role: 'hosteller' });
    const pending = await createRequest(t.db, { requester: user });
    const other = await createUser(t.db, { role: 'hosteller' });
    await cases[1]!.hold(other);
    expect(await blockersShown(user)).toEqual([]);
    const [row] = await t.db.select().from(requestsTable).where(eq(requestsTable.id, pending.id));
    expect(row!.status).toBe('pending');
    expect((await rowOf(user.id)).deletedAt).toBeNull();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/me/deletion-blockers' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("a refused deletion leaves the member's pending requests and products as they were", async () => {
    const user = await createUser(t.db, { role: 'hosteller' });
    await cases[1]!.hold(user);
    const pending = await createRequest(t.db, { requester: user });
    const product = await createProduct(t.db, { seller: user });
    await refusedWith(user);
    const token = await tokenFor(t, user);
    const [r, p] = await Promise.all([
      t.app.inject({ url: `/api/requests/${pending.id}`, headers: bearer(token) }),
      t.app.inject({ url: `/api/products/${product.id}`, headers: bearer(token) }),
    ]);
    expect(r.json().request.status).toBe('pending');
    expect(p.statusCode).toBe(200);
  });

  it('a day scholar accepting a pending request at the same moment: either the accept or the deletion wins, never both', async () => {
    for (let round = 0; round < 6; round++) {
      const user = await createUser(t.db, { role: 'hosteller' });
      const scholar = await createUser(t.db, { role: 'dayscholar' });
      const r = await createRequest(t.db, { requester: user, itemName: 'Race snacks' });
      const [accept, del] = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/api/requests/${r.id}/accept`,
          headers: bearer(await tokenFor(t, scholar)),
        }),
        deleteMe(await tokenFor(t, user), { password: DEFAULT_PASSWORD }),
      ]);
      const [row] = await t.db.select().from(requestsTable).where(eq(requestsTable.id, r.id));
      if (del.statusCode === 200) {
        expect(accept.statusCode).toBe(409);
        expect(row!.status).toBe('cancelled');
      } else {
        expect(accept.statusCode).toBe(200);
        expect(del.statusCode).toBe(409);
        expect(del.json().blockers).toEqual([{ kind: 'request', id: r.id, title: 'Race snacks' }]);
        expect(row).toMatchObject({ status: 'accepted', delivererId: scholar.id });
        expect((await rowOf(user.id)).deletedAt).toBeNull();
      }
    }
  });

  it('finished things do not stand in the way: a completed delivery, a cancelled trip, a settled payment', async () => {
    const user = await createUser(t.db, { role: 'dayscholar' });
    const requester = await createUser(t.db);
    await createRequest(t.db, { requester, deliverer: user, status: 'completed' });
    await createRequest(t.db, { requester, deliverer: user, status: 'cancelled' });
    const [trip] = await t.db
      .insert(trips)
      .values({
        runnerId: user.id,
        from: 'Vellore',
        arriveAt: new Date(Date.now() - HOUR),
        cutoffAt: new Date(Date.now() - 2 * HOUR),
        capacity: 2,
      })
      .returning();
    expect(trip).toBeDefined();
    expect(await deletes(user)).toBe(200);
  });
});

const complete = (id: string) =>
  t.db.update(requestsTable).set({ status: 'completed' }).where(eq(requestsTable.id, id));

describe('DELETE /users/me: what is erased', () => {
  it('erases every personal field, ends every session, and frees the address for a new account', async () => {
    const email = uniqueEmail('leaver');
    const user = await createUser(t.db, { name: 'Leela Leaver', email });
    await t.db
      .update(users)
      .set({ upiId: 'leela@okbank', avatar: 'https://example.com/leela.png', googleSub: 'sub-leela' })
      .where(eq(users.id, user.id));
    const token = await tokenFor(t, user);
    const other = await tokenFor(t, user);

    const res = await deleteMe(token, { password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.deleted });

    // Both devices are signed out.
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    const row = await rowOf(user.id);
    expect(row).toMatchObject({
      name: DELETED_USER_NAME,
      email: `${user.id}@deleted.invalid`,
      passwordHash: null,
      googleSub: null,
      avatar: null,
      phoneNumber: null,
      hostelBlock: null,
      roomNumber: null,
      upiId: null,
      isModerator: false,
      emailPreferences: { messages: false, requests: false },
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.tokenVersion).toBe(user.tokenVersion + 1);

    // The old address and password sign in to nothing.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // The same address signs up again as a brand-new account.
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Leela Again',
        email,
        password: 'a-new-password-1',
        phoneNumber: '9876500000',
        role: 'dayscholar',
      },
    });
    expect(reg.statusCode).toBe(201);
    const { userId, ticket } = reg.json();
    const otp = await t.smtp.latestCode(email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp, userId, ticket },
    });
    expect(verified.statusCode).toBe(200);
    const fresh = verified.json();
    expect(fresh.user.id).not.toBe(user.id);
    expect(fresh.user.name).toBe('Leela Again');
    expect((await me(fresh.token)).json().user.email).toBe(email);
  });

  it("removes the files of their profile photo and of their products' photos", async () => {
    const user = await createUser(t.db, { role: 'hosteller' });
    const token = await tokenFor(t, user);
    const upload = async (
      url: string,
      method: 'PUT' | 'POST',
      fields: Record<string, string>,
      field: string,
    ) => {
      const body = multipartBody(fields, [
        { field, filename: 'photo.png', contentType: 'image/png', data: await pngImage(400, 300) },
      ]);
      const res = await t.app.inject({
        method,
        url,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBeLessThan(300);
      return res.json();
    };
    const avatar = (await upload('/api/users/avatar', 'PUT', {}, 'avatar')).user.avatar as string;
    const product = (
      await upload(
        '/api/products',
        'POST',
        {
          name: 'Study table',
          description: 'Sturdy and clean',
          price: '900',
          category: 'furniture',
          condition: 'good',
        },
        'images',
      )
    ).product;
    const uploads = path.join(t.config.dataDir, 'uploads');
    const onDisk = (url: string) =>
      existsSync(path.join(uploads, new URL(url, 'http://x').pathname.replace(/^\/uploads\//, '')));
    const photos = [avatar, product.images[0], product.thumbnails[0]] as string[];
    expect(photos.map(onDisk)).toEqual([true, true, true]);

    expect((await deleteMe(token, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    expect(photos.map(onDisk)).toEqual([false, false, false]);
  });

  it('a second deletion with an old token is refused like any ended session', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t, user);
    expect((await deleteMe(token, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    expect((await deleteMe(token, { password: DEFAULT_PASSWORD })).statusCode).toBe(401);
  });
});
