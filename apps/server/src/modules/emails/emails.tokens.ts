import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KINDS, type EmailKind } from '@campusrun/shared';

/** The unsubscribe link's token: who and which kind, signed (HMAC-SHA256) so nobody can forge another's. */
export function unsubscribeToken(secret: string, userId: string, kind: EmailKind) {
  return `${userId}.${kind}.${sign(secret, userId, kind)}`;
}

/** Who and which kind a token names, when one of `secrets` (the server's, newest first) signed it. */
export function readUnsubscribeToken(
  secrets: readonly string[],
  token: string,
): { userId: string; kind: EmailKind } | null {
  const [userId, kind, signature] = token.split('.');
  if (!userId || !kind || !signature || !(EMAIL_KINDS as readonly string[]).includes(kind)) return null;
  const given = Buffer.from(signature);
  const signedWith = (secret: string) => {
    const expected = Buffer.from(sign(secret, userId, kind as EmailKind));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  if (!secrets.some(signedWith)) return null;
  return { userId, kind: kind as EmailKind };
}

const sign = (secret: string, userId: string, kind: EmailKind) =>
  createHmac('sha256', `unsubscribe:${secret}`).update(`${userId}.${kind}`).digest('base64url');
