import type { FieldError } from '@campusrun/shared';
import { ApiError, errorMessage } from '@/lib/api-client';

export interface ProductSaveError {
  /** { param, msg } for the form's fields; `images` errors name the photo field. */
  fieldErrors: FieldError[];
  /** The form-level alert's text, shown when no field holds the error. */
  message: string;
  /** The message also belongs under the photos (413/415: a bad image without a field list). */
  imageMessage?: string;
}

/**
 * A failed create/update → what the form shows. 400s carry { param, msg } lists; 413/415 (file too
 * large, not an image, damaged) carry only a message, which belongs to the photo field.
 */
export function describeSaveError(error: unknown, fallback: string): ProductSaveError {
  const message = errorMessage(error, fallback);
  if (!(error instanceof ApiError)) return { fieldErrors: [], message };
  const fieldErrors = error.errors ?? [];
  const imageMessage =
    fieldErrors.length === 0 && (error.status === 413 || error.status === 415) && error.hasServerMessage
      ? error.message
      : undefined;
  return { fieldErrors, message, imageMessage };
}
