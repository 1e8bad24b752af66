import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { HANDOVER_CODE } from '@campusrun/shared';
import { sameHash } from '../../lib/tokens';

/**
 * Handover codes. A code is drawn from the CSPRNG when a request that asks for one is accepted, and
 * stored twice, never in the clear: a keyed hash the deliverer's code is checked against, and the
 * code sealed (AES-256-GCM) so that the requester's view can show it again. Both keys are derived
 * from the server's secret, so every process that shares the secret reads the same codes.
 */
export function createHandoverCodes(secret: string) {
  const key = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'campusrun', info, 32));
  const sealKey = key('handover-code-seal');
  const hashKey = key('handover-code-hash');
  const hash = (code: string) => createHmac('sha256', hashKey).update(code).digest('hex');

  return {
    /** A new code, its hash and its sealed form. */
    draw() {
      const code = randomInt(0, 10 ** HANDOVER_CODE.length)
        .toString()
        .padStart(HANDOVER_CODE.length, '0');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
      return { code, hash: hash(code), sealed };
    },

    /** The code inside a sealed value, or null when it cannot be opened (another secret, damage). */
    reveal(sealed: string): string | null {
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },

    /** Whether `code` is the one `storedHash` was made from (constant time). */
    matches: (storedHash: string, code: string) => sameHash(storedHash, hash(code)),
  };
}
