import type { GoogleExchangeResponse } from '@campusrun/shared';
import { api } from '@/lib/api-client';

/**
 * POST /auth/google/exchange → { token, user, completeProfile }: trades the one-time code of the
 * Google callback page for a session. The browser sends the sign-in's cookie with it.
 */
export const exchangeGoogleCode = (code: string) =>
  api.post<GoogleExchangeResponse>('/auth/google/exchange', { code });
