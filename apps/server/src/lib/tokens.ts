import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  sub: string;
  tv: number;
}

/** The claims of a token that checked out, with its expiry (seconds since the epoch). */
export interface VerifiedClaims extends TokenClaims {
  exp: number;
}

/** Signs and checks the bearer tokens (HS256 with an expiry and the user's token version). */
export function createJwt(secret: string, ttl: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims: TokenClaims) =>
      new SignJWT({ tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(key),
    async verify(token: string): Promise<VerifiedClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sub, tv, exp } = payload;
        if (typeof sub !== 'string' || typeof tv !== 'number' || typeof exp !== 'number') return null;
        return { sub, tv, exp };
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;

/** A 6-digit one-time code from the CSPRNG. */
export const generateOtp = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Keyed hash of a short code, so a leaked table cannot be brute-forced offline. */
export const hashCode = (secret: string, code: string) =>
  createHmac('sha256', secret).update(code).digest('hex');

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** 32 random bytes for a reset link, and its stored hash. */
export function generateResetToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
