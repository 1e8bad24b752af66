import { z } from 'zod';

/** One signed-in device of the account (GET /auth/sessions). */
export const sessionSchema = z.object({
  id: z.uuid(),
  /** A short label from the browser's user agent, such as "Chrome on Android". */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof sessionSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;
