import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode, FieldError } from '@campusrun/shared';
import { AppError, databaseErrorAnswer, errorBody } from '../lib/errors';
import { HTTP_MESSAGES } from '@campusrun/shared';

/**
 * A client error Fastify or a plugin raised (not one of ours), by status: its code, and the message
 * it is answered with (when not its own).
 */
const FRAMEWORK_ERRORS: Readonly<Record<number, { code: ErrorCode; message?: string }>> = {
  404: { code: 'NOT_FOUND' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: HTTP_MESSAGES.tooLarge },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: HTTP_MESSAGES.sendJson },
  429: { code: 'RATE_LIMITED' },
};
/** Any other client error is a bad request. */
const OTHER_CLIENT_ERROR = { code: 'VALIDATION_FAILED' } as const;

/** Fastify's error codes with a message of ours. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.invalidJson,
};

/** A body that failed its zod schema: 400 with one entry per bad field, the first one's text first. */
function validationBody(err: { validation: ZodFastifySchemaValidationError[]; validationContext?: string }) {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const v of err.validation) {
    const param = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body');
    if (seen.has(param)) continue;
    seen.add(param);
    errors.push({ param, msg: v.message ?? HTTP_MESSAGES.invalidValue });
  }
  return {
    ...errorBody('VALIDATION_FAILED', errors[0]?.msg ?? HTTP_MESSAGES.invalidInput),
    errors,
  } satisfies ApiErrorBody;
}

/**
 * Every error leaves the server as an `ApiErrorBody`: ours (`AppError`) as thrown, a database error
 * a request can cause by its mapped answer, a failed schema as a 400 listing the fields, Fastify's
 * client errors through the table above, and anything else as a logged 500 that says nothing more.
 */
export function setErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // A database failure a request can meet (a value PostgreSQL refuses, a row gone meanwhile, a
    // database that cannot serve) has its own answer; it is logged, since a rule let it through.
    const fromDatabase = thrown instanceof AppError ? undefined : databaseErrorAnswer(thrown);
    if (fromDatabase) request.log.warn({ err: thrown }, `database error answered ${fromDatabase.statusCode}`);
    const err = fromDatabase ?? thrown;
    if (err instanceof AppError) {
      if (err.extra.retryAfter) reply.header('retry-after', String(err.extra.retryAfter));
      const { retryAfter: _r, reason, ...extra } = err.extra;
      return reply
        .code(err.statusCode)
        .send({ ...errorBody(err.code, err.message, reason), ...extra } satisfies ApiErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) return reply.code(400).send(validationBody(err));
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
        ? err.statusCode
        : 500;
    if (status === 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send(errorBody('INTERNAL', HTTP_MESSAGES.internal));
    }
    const known = FRAMEWORK_ERRORS[status] ?? OTHER_CLIENT_ERROR;
    const message =
      ('message' in known ? known.message : undefined) ?? FRAMEWORK_MESSAGES[err.code] ?? err.message;
    return reply.code(status).send(errorBody(known.code, message));
  });
}
