import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value can be a row id at all (anything else is answered without a query). */
export const isUuid = (value: string) => UUID.test(value);

/**
 * A path parameter that names a row. Every module answers an id that cannot be one the same way as
 * an id that names nothing: 404 with the entity's message ('Request not found'). `check` is the
 * route's onRequest hook; it runs after the scope's guard and before the body is read or validated,
 * so the handler only ever sees a UUID.
 */
export function rowId<const K extends string>(name: K, notFoundMessage: string) {
  const shape = { [name]: z.string() } as { [P in K]: z.ZodString };
  return {
    params: z.object(shape),
    check: async (request: FastifyRequest) => {
      const value = (request.params as Partial<Record<string, string>>)[name];
      if (value === undefined || !isUuid(value)) throw notFound(notFoundMessage);
    },
  };
}
