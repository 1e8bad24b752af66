import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_PASSWORD, bearer, createUser, tokenFor } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const logout = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

describe('POST /auth/logout', () => {
  it('sign-out does not revoke: signing out ends every session of the account', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const laptop = await tokenFor(t, user);
    const phone = await tokenFor(t, user);
    const someoneElse = await tokenFor(t, other);

    const res = await logout(bearer(laptop));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully' });
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(someoneElse)).statusCode).toBe(200);

    // Signing in again gives a working session.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect((await me(login.json().token)).statusCode).toBe(200);
  });

  it('needs a live session', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t, user);
    expect((await logout()).statusCode).toBe(401);
    expect((await logout(bearer(token))).statusCode).toBe(200);
    const again = await logout(bearer(token));
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('UNAUTHORIZED');
  });

  it('is described in the API documentation', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const op = doc.paths['/api/auth/logout']?.post;
    expect(op).toMatchObject({ tags: ['auth'], summary: 'Sign out' });
    expect(op.responses['200']).toBeDefined();
  });
});
