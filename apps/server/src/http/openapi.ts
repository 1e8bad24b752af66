import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ACCOUNT_BLOCKER_KINDS, CODE_REASONS, ERROR_CODES, FEATURE_REASONS } from '@campusrun/shared';

/** The error body of a refusal, with the reasons a route of these tags may give. */
function refusalSchema(tags: readonly string[]) {
  const reasons = [
    ...new Set([...tags.flatMap((t) => FEATURE_REASONS[t] ?? []), ...Object.values(CODE_REASONS)]),
  ];
  return {
    description: 'Refused: `reason` says why (stable, to branch on), `message` says it to people.',
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
  };
}

/** The OpenAPI description of every route (from its zod schemas), served at /api/docs. */
export async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CampusRun API',
        version: '1.0.0',
        description: 'Errands and marketplace for one campus.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // Every route documents its refusals: the error body and the reasons it may carry.
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const tags = (schema as { tags?: string[] }).tags ?? [];
      const response = { ...(schema.response as object | undefined), '4XX': refusalSchema(tags) };
      return { schema: { ...schema, response }, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
