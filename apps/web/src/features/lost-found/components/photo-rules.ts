import {
  LOST_FOUND_LIMITS,
  LOST_FOUND_MESSAGES,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_MESSAGES,
} from '@campusrun/shared';
import { ApiError, plainFailure } from '@/lib/api-client';
import { mayShrink } from '@/lib/resize-photo';

/**
 * A picked file the server would refuse anyway, as the product form judges it: a type it does not
 * take, or over 5 MB when it goes as it is (one this device makes smaller first is judged by the
 * server as sent). Else null. A convenience only: the server decides.
 */
function photoRefusal(file: File): string | null {
  if (file.type !== '' && !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type))
    return PRODUCT_MESSAGES.imageType;
  if (file.size > LOST_FOUND_LIMITS.photoMaxBytes && !mayShrink(file)) return PRODUCT_MESSAGES.imageTooLarge;
  return null;
}

/**
 * The photos kept after a pick: those already chosen, then the new ones the server would take, up
 * to three; and why any was left out (the first reason), or null.
 */
export function addPhotos(chosen: File[], picked: File[]): { files: File[]; refused: string | null } {
  let refused: string | null = null;
  const files = [...chosen];
  for (const file of picked) {
    const reason = photoRefusal(file);
    if (reason) refused ??= reason;
    else if (files.length < LOST_FOUND_LIMITS.photosMax) files.push(file);
    else refused ??= LOST_FOUND_MESSAGES.tooManyPhotos;
  }
  return { files, refused };
}

/**
 * Why an upload of the photos failed, to end "…its photos were not added: ": the network or a busy
 * server in plain words, else the server's reason for refusing them (too large, not an image), else
 * the plain failure.
 */
export function photoFailureReason(error: unknown, fallback: string): string {
  const plain = plainFailure(error);
  if (plain) return plain;
  return error instanceof ApiError && error.hasServerMessage ? error.message : fallback;
}
