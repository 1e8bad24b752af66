import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KINDS, type EmailKind } from '@campusrun/shared';

/** The unsubscribe link's token: who and which kind, signed (HMAC-SHA256) so nobody can forge another's. */
export function unsubscribeToken(secret: string, userId: string, kind: EmailKind) {
  return `${userId}.${kind}.${sign(secret, userId, kind)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: EmailKind } | null {
  const [userId, kind, signature] = token.split('.');
  if (!userId || !kind || !signature || !(EMAIL_KINDS as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(sign(secret, userId, kind as EmailKind));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, kind: kind as EmailKind };
}

const sign = (secret: string, userId: string, kind: EmailKind) =>
  createHmac('sha256', `unsubscribe:${secret}`).update(`${userId}.${kind}`).digest('base64url');
