import type { ErrorCode, FieldError } from '@campusrun/shared';

/** An error whose status, code and message are safe to show to the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      errors?: FieldError[];
      isVerified?: boolean;
      userId?: string;
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, 'VALIDATION_FAILED', message, { errors });
/** A 400 listing every bad field; its message is the first field's. */
export const validationFailed = (errors: FieldError[]) =>
  badRequest(errors[0]?.msg ?? 'Invalid input', errors);
export const fieldError = (param: string, msg: string) => badRequest(msg, [{ param, msg }]);
export const unauthorized = (message = 'Please login first') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
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
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
