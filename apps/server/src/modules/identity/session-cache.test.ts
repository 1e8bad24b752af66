/**
 * The signed-in user is cached between calls: every change that matters to the auth guard is
 * honoured by the very next call, even when the user had just been seen (and cached) with the old
 * state. Across processes: session-cache.cluster.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createUser, tokenFor, uniqueEmail } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const me = (token: string) => call('GET', '/api/auth/me', token);

describe('the signed-in user between calls', () => {
  it('a new name is the one others see at once', async () => {
    const asha = await createUser(t.db, { role: 'hosteller', name: 'Asha' });
    const ravi = await createUser(t.db, { role: 'dayscholar', name: 'Ravi' });
    const token = await tokenFor(t, asha);
    expect((await me(token)).statusCode).toBe(200);
    const renamed = await call('PUT', '/api/users/profile', token, {
      name: 'Asha Rao',
      phoneNumber: '9876543210',
      hostelBlock: 'Block A',
      roomNumber: '101',
    });
    expect(renamed.statusCode).toBe(200);
    const sent = await call('POST', '/api/chat', token, { receiverId: ravi.id, content: 'hello' });
    expect(sent.statusCode).toBe(201);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, ravi.id));
    expect(note!.message).toBe('Asha Rao sent you a message');
  });

  it('a completed Google profile opens the pages of its role at once', async () => {
    const gita = await createUser(t.db, { role: 'hosteller', name: 'Gita' });
    await t.db.update(users).set({ role: null, isProfileComplete: false }).where(eq(users.id, gita.id));
    const token = await tokenFor(t, gita);
    expect((await call('GET', '/api/hosteller/stats', token)).statusCode).toBe(403);
    const done = await call('PUT', '/api/users/complete-google-profile', token, {
      role: 'hosteller',
      phoneNumber: '9876543210',
      hostelBlock: 'Block D',
      roomNumber: '7',
    });
    expect(done.statusCode).toBe(200);
    expect((await call('GET', '/api/hosteller/stats', token)).statusCode).toBe(200);
  });

  it('a password reset refuses the token that was in use a moment before', async () => {
    const user = await createUser(t.db);
    const oldToken = await tokenFor(t, user);
    expect((await me(oldToken)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const link = await t.smtp.latestResetToken(user.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link, password: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(oldToken)).statusCode).toBe(401);
  });

  it('a sign-up verified after its address got an account leaves that account and its tokens as they are', async () => {
    const email = uniqueEmail('takeover');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Nila',
        email,
        password: 'nila-password-1',
        phoneNumber: '9876543210',
        role: 'dayscholar',
      },
    });
    expect(register.statusCode).toBe(201);
    const otp = await t.smtp.latestCode(email);
    // Meanwhile the address got an account another way (a Google sign-in), which is in use.
    const other = await createUser(t.db, { email, role: 'hosteller', name: 'Other' });
    const otherToken = await tokenFor(t, other);
    expect((await me(otherToken)).statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp, userId: register.json().userId },
    });
    expect(verified.statusCode).toBe(400);
    expect((await me(otherToken)).json().user).toMatchObject({ id: other.id, name: 'Other' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'nila-password-1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('a token with a newer version than the cached one is checked against the database', async () => {
    const user = await createUser(t.db);
    expect((await me(await tokenFor(t, user))).statusCode).toBe(200);
    // Changed without any announcement: the cached user is now behind the database.
    await t.db
      .update(users)
      .set({ tokenVersion: user.tokenVersion + 1 })
      .where(eq(users.id, user.id));
    const newer = await tokenFor(t, { id: user.id, tokenVersion: user.tokenVersion + 1 });
    expect((await me(newer)).statusCode).toBe(200);
  });
});
