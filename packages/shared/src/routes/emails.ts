import { z } from 'zod';
import { errorResponseSchema } from '../schemas/common';
import { emailPreferencesSchema } from '../schemas/emails';
import { emailPreferencesResponseSchema } from '../schemas/responses';
import { route } from './contract';

const tags = ['email'] as const;

/**
 * The unsubscribe link of an e-mail: no sign-in (the token says who), an HTML page as the answer.
 * The browser opens it, or the mail client posts to it; the web's client never calls it.
 */
const unsubscribeLink = {
  path: '/email/unsubscribe',
  tags,
  description:
    'One click from the e-mail (GET) or the mail client (POST, RFC 8058): turns that kind of e-mail off.',
  query: z.object({ token: z.string().max(300).default('') }),
  browserOnly: true,
  response: {
    200: {
      description: 'Turned off: a page that says so.',
      content: { 'text/html': { schema: z.string() } },
    },
    400: {
      description:
        'A link that is not valid: a page that says so (text/html); a token longer than any link holds is invalid input (JSON).',
      content: {
        'text/html': { schema: z.string() },
        'application/json': { schema: errorResponseSchema },
      },
    },
  },
} as const;

export const unsubscribe = route({ method: 'GET', ...unsubscribeLink });
export const unsubscribeOneClick = route({ method: 'POST', ...unsubscribeLink });

// The preferences in Profile.
export const preferences = route({
  method: 'GET',
  path: '/email/preferences',
  tags,
  response: { 200: emailPreferencesResponseSchema },
});
export const setPreferences = route({
  method: 'PUT',
  path: '/email/preferences',
  tags,
  body: emailPreferencesSchema,
  response: { 200: emailPreferencesResponseSchema },
});
