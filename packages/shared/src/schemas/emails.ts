import { z } from 'zod';

export const emailPreferencesSchema = z.object({
  messages: z.boolean(),
  requests: z.boolean(),
  /** Saved searches' matches by one e-mail a day instead of alerts (off unless chosen). */
  searches: z.boolean().default(false),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  messages: true,
  requests: true,
  searches: false,
};
