import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJwt, keyId } from './tokens';

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

describe('key rotation', () => {
  const current = 'current-key-that-is-long-enough-for-hs256-signing';
  const older = 'older-key-that-is-long-enough-for-hs256-signing!!';
  const removed = 'removed-key-that-is-long-enough-for-hs256-signing';
  const rotated = createJwt([current, older], '1h');
  const claims = { sub: SUB, tv: 0, sid: SID };
  const headerOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;

  it('names the signing key in the header by an id derived from it, never the key', async () => {
    const token = await rotated.sign(claims);
    expect(headerOf(token)).toEqual({ alg: 'HS256', kid: keyId(current) });
    expect(keyId(current)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyId(current)).not.toBe(keyId(older));
    expect(createJwt(current, '1h').verify(token)).toMatchObject(claims);
  });

  it('accepts a token signed with an older listed key, and refuses one whose key was removed', async () => {
    expect(rotated.verify(await createJwt(older, '1h').sign(claims))).toMatchObject(claims);
    expect(rotated.verify(await createJwt(removed, '1h').sign(claims))).toBeNull();
    expect(createJwt(current, '1h').verify(await createJwt(older, '1h').sign(claims))).toBeNull();
  });

  it('checks a token that names no key (signed before tokens did) with each key in turn', async () => {
    const unnamed = (secret: string) =>
      new SignJWT({ tv: 0, sid: SID })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(SUB)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(secret));
    expect(rotated.verify(await unnamed(current))).toMatchObject(claims);
    expect(rotated.verify(await unnamed(older))).toMatchObject(claims);
    expect(rotated.verify(await unnamed(removed))).toBeNull();
  });

  it('refuses a token that names another key than the one that signed it', async () => {
    const exp = now() + 600;
    const signedWithOlder = (kid: unknown) => {
      const body = `${b64({ alg: 'HS256', kid })}.${b64({ ...claims, exp })}`;
      return `${body}.${createHmac('sha256', older).update(body).digest('base64url')}`;
    };
    expect(rotated.verify(signedWithOlder(keyId(older)))).toMatchObject(claims);
    expect(rotated.verify(signedWithOlder(keyId(current)))).toBeNull();
    expect(rotated.verify(signedWithOlder(keyId(removed)))).toBeNull();
    expect(rotated.verify(signedWithOlder(7))).toBeNull();
  });
});
