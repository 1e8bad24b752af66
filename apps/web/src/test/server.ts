import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { campusConfig } from './fixtures';

/** URL pattern for an API path, whatever the test origin. */
export const api = (path: string) => `*/api${path}`;

export const defaultHandlers = [http.get(api('/config'), () => HttpResponse.json(campusConfig))];

export const server = setupServer(...defaultHandlers);

/** GET /auth/me answering with this user (the session refresh on start). */
export const meHandler = (user: unknown) => http.get(api('/auth/me'), () => HttpResponse.json({ user }));
