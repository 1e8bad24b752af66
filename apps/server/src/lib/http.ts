import type { FastifyInstance } from 'fastify';

/**
 * Lets body-less calls (PUT /requests/{id}/accept …) carry `Content-Type: application/json` with an
 * empty body, as many API clients send them. Scoped to the plugin it is called in; any non-empty body
 * still goes through Fastify's own JSON parser.
 */
export function allowEmptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(req, text, done);
  });
}

/** A cookie's value in a request's `Cookie` header (the first of that name), if any. */
export const cookieValue = (header: string | undefined, name: string) =>
  new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(header ?? '')?.[1];

/** The `Secure` attribute our cookies carry when the site is served over https (PUBLIC_URL). */
export const secureCookieFlag = (publicUrl: string) => (publicUrl.startsWith('https://') ? '; Secure' : '');
