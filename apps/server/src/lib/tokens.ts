import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export interface TokenClaims {
  sub: string;
  tv: number;
  /** The session (a signed-in device) the token belongs to. */
  sid: string;
}

/** The claims of a token that checked out, with its expiry and issue time (seconds since the epoch). */
export interface VerifiedClaims extends TokenClaims {
  exp: number;
  /** When it was signed (every token we sign says so). */
  iat?: number;
}

const TTL = /^(\d+)([smhd])$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** A lifetime such as `7d`, `12h`, `30m` or `2s`, in seconds. */
export function ttlSeconds(ttl: string): number {
  const match = TTL.exec(ttl);
  if (!match) throw new Error(`Invalid token lifetime: ${ttl}`);
  return Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

/**
 * A key's id, written as `kid` in the header of the tokens it signs: the first 8 hex characters of
 * the key's SHA-256, so a token names its key without telling it.
 */
export const keyId = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 8);

/** A protected header, base64url-encoded as jose writes it. */
const encodedHeader = (header: Record<string, string>) =>
  Buffer.from(JSON.stringify(header)).toString('base64url');
/** The header of a token signed before tokens named their key: `{"alg":"HS256"}`. */
const HS256_HEADER = encodedHeader({ alg: 'HS256' });

const decodeJson = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
};
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A key tokens may be signed with, and the id its tokens name it by. */
interface TokenKey {
  secret: Buffer;
  kid: string;
}

/**
 * Signs and checks the bearer tokens (HS256 with an expiry, the user's token version and the
 * session id; a token without a session is refused). `secrets` are the keys, newest first: the
 * first signs and names itself in the header (`kid`); a token naming another of them is checked
 * with it, one naming none of them is refused, and one naming no key (signed before tokens did) is
 * checked with each in turn. Signing goes through jose; checking is a synchronous HMAC with
 * node:crypto on every call, with the rules jose's jwtVerify applies: only HS256, no critical header
 * extensions, numeric dates, `exp` in the future, `nbf` (if any) reached.
 */
export function createJwt(secrets: string | readonly string[], ttl: string) {
  const keys = (typeof secrets === 'string' ? [secrets] : secrets).map((secret): TokenKey => ({
    secret: Buffer.from(secret, 'utf8'),
    kid: keyId(secret),
  }));
  const signing = keys[0];
  if (!signing) throw new Error('No signing key');
  const byHeader = new Map(keys.map((k) => [encodedHeader({ alg: 'HS256', kid: k.kid }), k]));
  const lifetime = ttlSeconds(ttl);

  /** The keys a token with this header may be signed with (none when it names an unknown key). */
  const keysFor = (headerPart: string) => {
    const known = byHeader.get(headerPart);
    if (known) return [known];
    if (headerPart === HS256_HEADER) return keys;
    const header = decodeJson(headerPart);
    if (!isObject(header) || header.alg !== 'HS256' || 'crit' in header || header.b64 === false) return [];
    if (header.kid === undefined) return keys;
    return keys.filter((k) => k.kid === header.kid);
  };
  /** Whether `signature` is the HMAC of `body` with one of `candidates` (as canonical base64url text). */
  const signedWith = (candidates: readonly TokenKey[], body: string, signature: string) => {
    const given = Buffer.from(signature);
    return candidates.some((k) => {
      const expected = Buffer.from(createHmac('sha256', k.secret).update(body).digest('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  };

  return {
    /** When a token signed now expires (seconds since the epoch). */
    expiryFromNow: () => Math.floor(Date.now() / 1000) + lifetime,
    /** Signs the claims; `exp` (seconds since the epoch) defaults to the configured lifetime from now. */
    sign: (claims: TokenClaims, exp?: number) =>
      new SignJWT({ tv: claims.tv, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', kid: signing.kid })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(exp ?? Math.floor(Date.now() / 1000) + lifetime)
        .sign(signing.secret),
    verify(token: string): VerifiedClaims | null {
      const dot1 = token.indexOf('.');
      const dot2 = token.indexOf('.', dot1 + 1);
      if (dot1 <= 0 || dot2 <= dot1 + 1 || token.indexOf('.', dot2 + 1) !== -1) return null;
      if (!signedWith(keysFor(token.slice(0, dot1)), token.slice(0, dot2), token.slice(dot2 + 1)))
        return null;
      const payload = decodeJson(token.slice(dot1 + 1, dot2));
      if (!isObject(payload)) return null;
      const { sub, tv, sid, exp, nbf, iat } = payload;
      if (typeof sub !== 'string' || typeof tv !== 'number' || typeof exp !== 'number') return null;
      if (typeof sid !== 'string') return null;
      if (iat !== undefined && typeof iat !== 'number') return null;
      const now = Math.floor(Date.now() / 1000);
      if (exp <= now) return null;
      if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
      return { sub, tv, sid, exp, ...(iat !== undefined && { iat }) };
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
