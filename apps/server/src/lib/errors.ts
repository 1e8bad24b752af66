import {
  CODE_REASONS,
  type AccountBlocker,
  type ApiErrorBody,
  type ErrorCode,
  type ErrorReason,
  type FieldError,
  HTTP_MESSAGES,
} from '@campusrun/shared';

/** An error whose status, code and message are safe to show to the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      /** Why, for clients to branch on; the code's reason when not given. */
      reason?: ErrorReason;
      errors?: FieldError[];
      isVerified?: boolean;
      userId?: string;
      /** What stands in the way of deleting an account (409). */
      blockers?: AccountBlocker[];
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** An error body as the API sends it: the reason is the code's unless a more precise one is given. */
export const errorBody = (
  code: ErrorCode,
  message: string,
  reason: ErrorReason = CODE_REASONS[code],
): ApiErrorBody => ({ message, code, reason });

export const badRequest = (message: string, errors?: FieldError[], reason?: ErrorReason) =>
  new AppError(400, 'VALIDATION_FAILED', message, { errors, ...(reason && { reason }) });
/** A 400 listing every bad field; its message is the first field's. */
export const validationFailed = (errors: FieldError[]) =>
  badRequest(errors[0]?.msg ?? HTTP_MESSAGES.invalidInput, errors);
export const fieldError = (param: string, msg: string) => badRequest(msg, [{ param, msg }]);
export const unauthorized = (message: string = HTTP_MESSAGES.signInFirst) =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = HTTP_MESSAGES.notAllowed, reason?: ErrorReason) =>
  new AppError(403, 'FORBIDDEN', message, reason && { reason });
export const notFound = (message: string = HTTP_MESSAGES.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, reason?: ErrorReason) =>
  new AppError(409, 'CONFLICT', message, reason && { reason });
export const tooManyRequests = (retryAfterSeconds: number, message?: string) =>
  new AppError(
    429,
    'RATE_LIMITED',
    message ?? `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`,
    { retryAfter: retryAfterSeconds },
  );

function formatWait(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** True when a database error is a unique-constraint violation. */
export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/** Five characters; none of PostgreSQL's classes starts with E, as Node's EPIPE and the like do. */
const SQLSTATE = /^[0-9A-DF-Z][0-9A-Z]{4}$/;

/** The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`), or undefined. */
function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * True when a statement failed because of what it was asked to write (SQLSTATE classes 22 and 23:
 * a value PostgreSQL cannot take, or a constraint, such as a row it refers to that is gone).
 */
export const isDataError = (err: unknown) => /^2[23]/.test(sqlState(err) ?? '');

/** True when a database error is a foreign-key violation: a row it refers to is gone. */
export const isForeignKeyViolation = (err: unknown) => sqlState(err) === '23503';

const unavailable = () => new AppError(503, 'SERVICE_UNAVAILABLE', HTTP_MESSAGES.serviceUnavailable);
const invalid = (message: string) => () => badRequest(message);

/**
 * What a client is told when a statement fails for a reason its request can cause, by SQLSTATE:
 * a value PostgreSQL cannot take (a 400), a row that went away meanwhile (404), a write that lost a
 * race (409), or a database that cannot serve now (503). Any other failure is a fault of ours (500).
 */
const DATABASE_ANSWERS: Readonly<Record<string, () => AppError>> = {
  '22P02': invalid(HTTP_MESSAGES.valueInvalid), // invalid text representation
  '22003': invalid(HTTP_MESSAGES.numberOutOfRange), // numeric value out of range
  '22008': invalid(HTTP_MESSAGES.dateOutOfRange), // datetime field overflow
  '22007': invalid(HTTP_MESSAGES.dateInvalid), // invalid datetime format
  '22001': invalid(HTTP_MESSAGES.valueTooLong), // string data right truncation
  '22021': invalid(HTTP_MESSAGES.charactersNotAllowed), // invalid byte sequence (NUL)
  '22P05': invalid(HTTP_MESSAGES.charactersNotAllowed), // untranslatable character
  '23514': invalid(HTTP_MESSAGES.valueInvalid), // check violation
  '23503': () => notFound(HTTP_MESSAGES.gone), // foreign key violation
  '23505': () => conflict(HTTP_MESSAGES.exists), // unique violation
  '40001': () => conflict(HTTP_MESSAGES.changedMeanwhile), // serialization failure
  '40P01': () => conflict(HTTP_MESSAGES.changedMeanwhile), // deadlock detected
  '53300': unavailable, // too many connections
  '57014': unavailable, // statement cancelled (timeout)
  '57P01': unavailable, // admin shutdown
  '57P02': unavailable, // crash shutdown
  '57P03': unavailable, // cannot connect now (starting up)
  '3D000': unavailable, // the database does not exist (dropped or renamed)
};

/** Errors of the connection itself (pg and Node), before or while a statement runs. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Connection ended)/;

function isConnectionFailure(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
    // Node answers a connection to several addresses with an AggregateError of each attempt's.
    if (Array.isArray(errors) && errors.some(isConnectionFailure)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The answer to a database failure a request can meet (see DATABASE_ANSWERS; a connection that
 * cannot be had or was cut is a 503), or undefined for any other error.
 */
export function databaseErrorAnswer(err: unknown): AppError | undefined {
  const state = sqlState(err);
  if (state !== undefined) {
    const answer = DATABASE_ANSWERS[state];
    if (answer) return answer();
    // Class 08: connection exceptions.
    if (state.startsWith('08')) return unavailable();
  }
  return isConnectionFailure(err) ? unavailable() : undefined;
}
