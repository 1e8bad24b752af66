import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Fastify's serializer compiler for our zod response schemas. Each schema is turned into JSON Schema
 * and compiled by fast-json-stringify once, on the route's first answer (so start does not pay for
 * routes nobody has called yet); from then on an answer is written by
 * generated code, with no zod parse per response. Only the fields a schema declares are written, so
 * a field it does not name (a password hash, a token version) never leaves the server, however the
 * object handed to `reply.send` was built.
 */
export function compileResponseSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compile(schema))(data);
}

function compile(schema: unknown): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema as z.ZodType, {
    io: 'output',
    // `nullable: true` rather than anyOf with null: fast-json-stringify writes it without a validator.
    target: 'openapi-3.0',
    unrepresentable: 'any',
  });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}
