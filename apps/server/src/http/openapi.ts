import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  ACCOUNT_BLOCKER_KINDS,
  CODE_REASONS,
  ERROR_CODES,
  FEATURE_REASONS,
  SESSION_REFUSALS,
} from '@campusrun/shared';
import { AUDIENCE_KEY, type Audience } from '../lib/auth';
import { EXCHANGE_COOKIE, OIDC_COOKIE } from '../modules/identity/google.service';

/** The error body of a refusal, with the reasons a route of these tags may give (and `extra`). */
function refusalSchema(tags: readonly string[], description: string, extra: readonly string[] = []) {
  const reasons = [
    ...new Set([...tags.flatMap((t) => FEATURE_REASONS[t] ?? []), ...Object.values(CODE_REASONS), ...extra]),
  ];
  return {
    description,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['message', 'code', 'reason'],
          properties: {
            message: { type: 'string' },
            code: { type: 'string', enum: [...ERROR_CODES] },
            reason: { type: 'string', enum: reasons },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['param', 'msg'],
                properties: { param: { type: 'string' }, msg: { type: 'string' } },
              },
            },
            blockers: {
              description: 'DELETE /users/me refused with 409: what is in the way.',
              type: 'array',
              items: {
                type: 'object',
                required: ['kind', 'id', 'title'],
                properties: {
                  kind: { type: 'string', enum: [...ACCOUNT_BLOCKER_KINDS] },
                  id: { type: 'string' },
                  title: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  };
}

interface RouteSchema {
  tags?: string[];
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  security?: unknown;
  response?: Record<string, unknown>;
  [AUDIENCE_KEY]?: Audience;
}

/**
 * The refusals every route may answer, from what the route declares: 400 when it reads input, 401
 * and 403 from its scope's guard, 404 for a path id, 429 from the rate limits, and any other 4xx
 * (the feature's own refusals: 404, 409, 413, 415 …) with the same body.
 */
function refusals(schema: RouteSchema, method: string) {
  const tags = schema.tags ?? [];
  const refusal = (description: string) => refusalSchema(tags, description);
  const readsInput = Boolean(schema.body || schema.querystring || schema.params) || method !== 'GET';
  const audience = schema[AUDIENCE_KEY];
  return {
    ...(readsInput && { 400: refusal('Invalid input: `errors` lists each bad field.') }),
    ...(audience && {
      401: refusalSchema(
        tags,
        'No valid bearer token: `sessionEnded` when its session was ended (signed out from another device), `sessionExpired` when it expired.',
        SESSION_REFUSALS,
      ),
    }),
    ...(audience &&
      audience !== 'signedIn' && {
        403: refusal('Signed in, but not allowed: profile incomplete, another role, or not a moderator.'),
      }),
    ...(schema.params ? { 404: refusal('The path id names nothing the caller may see.') } : {}),
    429: refusal('Too many requests: try again after `Retry-After` seconds.'),
    '4XX': refusal('Refused: `reason` says why (stable, to branch on), `message` says it to people.'),
  };
}

/**
 * A response declared `{ description, content: {} }` (a 204, a redirect) has no body: said to the
 * document generator as a schema of type null, which it writes as a response without content.
 */
function withoutBodies(response: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(response).map(([status, answer]) => {
      const { content, description } = answer as { content?: object; description?: string };
      const empty = content !== undefined && Object.keys(content).length === 0;
      return [status, empty ? { type: 'null', description } : answer];
    }),
  );
}

/**
 * The OpenAPI description of every route (from its zod schemas), served at /api/docs. A route in a
 * guarded scope (`guards.scope`) is marked as needing the bearer token; any other needs none.
 */
export async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CampusRun API',
        version: '1.0.0',
        description: 'Errands and marketplace for one campus.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Google sign-in's two cookies, each set by the step before (HttpOnly, on /api/auth/google).
          googleState: { type: 'apiKey', in: 'cookie', name: OIDC_COOKIE },
          googleExchange: { type: 'apiKey', in: 'cookie', name: EXCHANGE_COOKIE },
        },
      },
    },
    // Every route documents its refusals: the error body and the reasons it may carry.
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      if ((schema as { hide?: boolean }).hide) return { schema, url };
      const routeSchema = input.schema as RouteSchema;
      const own = withoutBodies((schema.response as Record<string, unknown> | undefined) ?? {});
      const response = { ...refusals(routeSchema, input.route.method.toString()), ...own };
      return { schema: { ...schema, response }, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
