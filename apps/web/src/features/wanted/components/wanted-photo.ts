import {
  PRODUCT_IMAGE_FORMAT_NAMES,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_MESSAGES,
  WANTED_LIMITS,
  WANTED_MESSAGES,
} from '@campusrun/shared';
import { ApiError, plainFailure } from '@/lib/api-client';
import { mayShrink } from '@/lib/resize-photo';

/** The rule under a photo picker: one photo, its size and the formats the server takes. */
export const PHOTO_HINT = `One photo, less than 5MB · ${PRODUCT_IMAGE_FORMAT_NAMES}`;

/**
 * A picked file the server would refuse anyway, as the product form judges it: a type it does not
 * take, or over 5 MB when it goes as it is (one this device makes smaller first is judged by the
 * server as sent). Else null. A convenience only: the server decides.
 */
export function photoRefusal(file: File): string | null {
  if (file.type !== '' && !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type))
    return PRODUCT_MESSAGES.imageType;
  if (file.size > WANTED_LIMITS.photoMaxBytes && !mayShrink(file)) return PRODUCT_MESSAGES.imageTooLarge;
  return null;
}

/** "Could not add the photo.": the failure in its own words, without what to do next. */
const UNKNOWN_REASON = WANTED_MESSAGES.photoFailed.replace(/\s*Please try again\.$/, '');

/**
 * Why an upload of the photo failed, to end "…its photo was not added: ": the network or a busy
 * server in plain words, else the server's reason for refusing it (too large, not an image), else
 * the plain failure.
 */
export function photoFailureReason(error: unknown): string {
  const plain = plainFailure(error);
  if (plain) return plain;
  return error instanceof ApiError && error.hasServerMessage ? error.message : UNKNOWN_REASON;
}
