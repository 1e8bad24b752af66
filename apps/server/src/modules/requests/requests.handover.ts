import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { HANDOVER_CODE } from '@campusrun/shared';
import { sameHash } from '../../lib/tokens';

/**
 * Handover codes. A code is drawn from the CSPRNG when a request that asks for one is accepted, and
 * stored twice, never in the clear: a keyed hash the deliverer's code is checked against, and the
 * code sealed (AES-256-GCM) so that the requester's view can show it again. Both keys are derived
 * from each of the server's secrets (newest first), so every process that shares them reads the same
 * codes: a code is made with the first, and read and checked with each, so a code drawn before the
 * keys rotated still opens and matches.
 */
export function createHandoverCodes(secrets: readonly string[]) {
  const keys = secrets.map((secret) => {
    const key = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'campusrun', info, 32));
    return { seal: key('handover-code-seal'), hash: key('handover-code-hash') };
  });
  const current = keys[0];
  if (!current) throw new Error('No handover key');
  const hash = (hashKey: Buffer, code: string) => createHmac('sha256', hashKey).update(code).digest('hex');
  const open = (sealKey: Buffer, raw: Buffer) => {
    try {
      const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  };

  return {
    /** A new code, its hash and its sealed form. */
    draw() {
      const code = randomInt(0, 10 ** HANDOVER_CODE.length)
        .toString()
        .padStart(HANDOVER_CODE.length, '0');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.seal, iv);
      const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
      return { code, hash: hash(current.hash, code), sealed };
    },

    /** The code inside a sealed value, or null when it cannot be opened (another secret, damage). */
    reveal(sealed: string): string | null {
      const raw = Buffer.from(sealed, 'base64url');
      for (const { seal } of keys) {
        const code = open(seal, raw);
        if (code !== null) return code;
      }
      return null;
    },

    /** Whether `code` is the one `storedHash` was made from (constant time). */
    matches: (storedHash: string, code: string) => keys.some((k) => sameHash(storedHash, hash(k.hash, code))),
  };
}
