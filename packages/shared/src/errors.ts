import type { ErrorReason } from './reasons';
import type { AccountBlocker } from './schemas/account';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  param: string;
  msg: string;
}

/** The body of every error response of the API. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  /** Why, as a stable string to branch on (reasons.ts); `message` is for people. */
  reason: ErrorReason;
  errors?: FieldError[];
  isVerified?: boolean;
  userId?: string;
  /** DELETE /users/me refused with 409: what is in the way. */
  blockers?: AccountBlocker[];
}

/** Messages more than one feature answers with. */
export const COMMON_MESSAGES = {
  userNotFound: 'User not found',
  notFound: 'Not found',
} as const;
