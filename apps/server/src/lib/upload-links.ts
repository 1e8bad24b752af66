import { createHmac, timingSafeEqual } from 'node:crypto';
import { UPLOADS_URL_PREFIX } from './storage-base';

/** How long a signed link lasts at least. */
const UPLOAD_LINK_TTL_S = 60 * 60;
/**
 * Expiries are rounded up to the next quarter hour, so everyone who loads a photo within the same
 * quarter gets the same URL and the browser's cache answers again (a link lasts 60 to 75 minutes).
 */
const EXPIRY_STEP_S = 15 * 60;

/** The URLs of private uploads (`isPrivateUploadKey`): signed, expiring, answered only by this server. */
export interface UploadLinks {
  /** '/uploads/<key>?exp=<unix seconds>&sig=<signature>': always this server, never a public bucket. */
  url(key: string, now?: number): string;
  /** Seconds the link still lasts, or undefined when its signature is wrong or it has expired. */
  check(key: string, exp: unknown, sig: unknown, now?: number): number | undefined;
}

/**
 * Signed links with keys of their own, each derived from one of the server's secrets (newest first;
 * a token never verifies as a link): signed with the first, checked against each, so a link made
 * before the keys rotated lasts its time.
 */
export function createUploadLinks(secrets: readonly string[]): UploadLinks {
  const signingKeys = secrets.map((secret) =>
    createHmac('sha256', secret).update('campusrun upload links').digest(),
  );
  const current = signingKeys[0];
  if (!current) throw new Error('No upload link key');
  const sign = (signingKey: Buffer, key: string, exp: number) =>
    createHmac('sha256', signingKey).update(`${key}\n${exp}`).digest();
  const seconds = (now: number) => Math.floor(now / 1000);

  return {
    url(key, now = Date.now()) {
      const exp = Math.ceil((seconds(now) + UPLOAD_LINK_TTL_S) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
      return `${UPLOADS_URL_PREFIX}${key}?exp=${exp}&sig=${sign(current, key, exp).toString('base64url')}`;
    },
    check(key, exp, sig, now = Date.now()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return undefined;
      const given = Buffer.from(sig, 'base64url');
      const signedWith = (signingKey: Buffer) => {
        const expected = sign(signingKey, key, Number(exp));
        return given.length === expected.length && timingSafeEqual(given, expected);
      };
      if (!signingKeys.some(signedWith)) return undefined;
      const left = Number(exp) - seconds(now);
      return left > 0 ? left : undefined;
    },
  };
}
