import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJwt } from './tokens';

const SECRET = 'token-test-secret-that-is-long-enough-for-hs256';
const key = new TextEncoder().encode(SECRET);
const SUB = '6f1c1c1e-5f7a-4d59-9a55-3f9c3a0c1b2d';
const SID = '0b7e2f4c-8d1a-4c3e-9f2b-5a6d7e8f9a0b';
const jwt = createJwt(SECRET, '1h');

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed with our key over any header and payload. */
const forge = (header: unknown, payload: unknown) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
};
const now = () => Math.floor(Date.now() / 1000);

describe('bearer token check', () => {
  it('accepts what it signed, with the subject, token version and expiry', async () => {
    const token = await jwt.sign({ sub: SUB, tv: 3, sid: SID });
    const claims = jwt.verify(token);
    expect(claims).toMatchObject({ sub: SUB, tv: 3, sid: SID });
    expect(claims!.exp).toBeGreaterThan(now() + 3500);
    // A token jose signs with extra header fields is as good.
    const typed = await new SignJWT({ tv: 1, sid: SID })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(SUB)
      .setExpirationTime('5m')
      .sign(key);
    expect(jwt.verify(typed)).toMatchObject({ sub: SUB, tv: 1, sid: SID });
  });

  it('refuses a token whose signature, payload or key is not ours', async () => {
    const token = await jwt.sign({ sub: SUB, tv: 0, sid: SID });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const raised = b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), tv: 99 });
    expect(jwt.verify(`${header}.${raised}.${signature}`)).toBeNull();
    expect(jwt.verify(`${header}.${payload}.${signature.slice(0, -2)}`)).toBeNull();
    // The same signature spelt differently (padding, a trailing character) is not accepted either.
    expect(jwt.verify(`${token}=`)).toBeNull();
    expect(jwt.verify(`${token}A`)).toBeNull();
    const otherKey = createJwt('another-secret-that-is-long-enough-for-hs256', '1h');
    expect(jwt.verify(await otherKey.sign({ sub: SUB, tv: 0, sid: SID }))).toBeNull();
    for (const junk of ['', 'a', 'a.b', 'a.b.c', '..', `${token}.x`, `${header}..${signature}`])
      expect(jwt.verify(junk)).toBeNull();
  });

  it('refuses other algorithms, critical header extensions and unsigned tokens', async () => {
    const exp = now() + 600;
    expect(jwt.verify(forge({ alg: 'HS512' }, { sub: SUB, tv: 0, sid: SID, exp }))).toBeNull();
    expect(jwt.verify(forge({ alg: 'none' }, { sub: SUB, tv: 0, sid: SID, exp }))).toBeNull();
    expect(jwt.verify(forge({ alg: 'HS256', crit: ['exp'] }, { sub: SUB, tv: 0, sid: SID, exp }))).toBeNull();
    expect(jwt.verify(forge({ alg: 'HS256', b64: false }, { sub: SUB, tv: 0, sid: SID, exp }))).toBeNull();
    expect(jwt.verify(forge([], { sub: SUB, tv: 0, sid: SID, exp }))).toBeNull();
    const unsigned = new UnsecuredJWT({ tv: 0, sid: SID }).setSubject(SUB).setExpirationTime('5m').encode();
    expect(jwt.verify(unsigned)).toBeNull();
    // The same claims under our header and key pass: the refusals above are for the header alone.
    expect(jwt.verify(forge({ alg: 'HS256' }, { sub: SUB, tv: 0, sid: SID, exp }))).toEqual({
      sub: SUB,
      tv: 0,
      sid: SID,
      exp,
    });
  });

  it('refuses expired, not yet valid and malformed claims', () => {
    const header = { alg: 'HS256' };
    expect(jwt.verify(forge(header, { sub: SUB, tv: 0, sid: SID, exp: now() }))).toBeNull();
    expect(jwt.verify(forge(header, { sub: SUB, tv: 0, sid: SID, exp: now() - 60 }))).toBeNull();
    expect(jwt.verify(forge(header, { sub: SUB, tv: 0, sid: SID }))).toBeNull();
    expect(jwt.verify(forge(header, { sub: SUB, tv: 0, sid: SID, exp: String(now() + 600) }))).toBeNull();
    expect(
      jwt.verify(forge(header, { sub: SUB, tv: 0, sid: SID, exp: now() + 600, nbf: now() + 60 })),
    ).toBeNull();
    expect(
      jwt.verify(forge(header, { sub: SUB, tv: 0, sid: SID, exp: now() + 600, iat: 'today' })),
    ).toBeNull();
    expect(jwt.verify(forge(header, { sub: SUB, tv: '0', sid: SID, exp: now() + 600 }))).toBeNull();
    expect(jwt.verify(forge(header, { sub: 42, tv: 0, sid: SID, exp: now() + 600 }))).toBeNull();
    expect(jwt.verify(forge(header, [SUB]))).toBeNull();
    // A token of no session (signed before sessions existed) or of a malformed one.
    expect(jwt.verify(forge(header, { sub: SUB, tv: 0, exp: now() + 600 }))).toBeNull();
    expect(jwt.verify(forge(header, { sub: SUB, tv: 0, sid: 7, exp: now() + 600 }))).toBeNull();
    expect(
      jwt.verify(forge(header, { sub: SUB, tv: 0, sid: SID, exp: now() + 600, nbf: now() - 1 })),
    ).not.toBeNull();
  });
});
