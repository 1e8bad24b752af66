/**
 * Rotating the signing keys (JWT_SECRETS, newest first): nobody is signed out by a rotation or by the
 * upgrade to tokens that name their key, and a removed key's tokens are refused.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwt } from '../../lib/tokens';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createUser } from '../../test/factories';
import { startSession } from './session.service';

const CURRENT = 'current-key-that-is-long-enough-for-hs256-signing';
const OLDER = 'older-key-that-is-long-enough-for-hs256-signing!!';
const REMOVED = 'removed-key-that-is-long-enough-for-hs256-signing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jwtSecrets: [CURRENT, OLDER], jwtSecret: CURRENT });
});
afterAll(() => t.close());

/** A session of a new user, its token signed with `secret` as a process holding only it would. */
async function signedInWith(secret: string) {
  const user = await createUser(t.db);
  const token = await startSession({ db: t.db, jwt: createJwt(secret, '1h') }, user);
  return { user, token };
}
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('signing keys that rotate', () => {
  it('accepts a token signed with the previous key, still listed', async () => {
    const { user, token } = await signedInWith(OLDER);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.id } });
  });

  it('refuses a token signed with a key no longer listed, as any bad token', async () => {
    const { token } = await signedInWith(REMOVED);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('accepts a token issued before tokens named their key', async () => {
    const { user, token } = await signedInWith(OLDER);
    const { sid } = createJwt(OLDER, '1h').verify(token)!;
    const unnamed = await new SignJWT({ tv: user.tokenVersion, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(OLDER));
    expect((await me(unnamed)).statusCode).toBe(200);
  });
});
