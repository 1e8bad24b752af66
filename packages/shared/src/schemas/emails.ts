import { z } from 'zod';

export const emailPreferencesSchema = z.object({ messages: z.boolean(), requests: z.boolean() });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { messages: true, requests: true };
