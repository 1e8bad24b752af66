import { DISPUTE_MESSAGES, PRODUCT_IMAGE_TYPES, SETTLEMENT_LIMITS } from '@campusrun/shared';
import { mayShrink } from '@/lib/resize-photo';

const TYPE_PROBLEM = 'Choose a PNG, JPG, GIF or WebP photo';

/**
 * A picked file the server would refuse anyway: not a photo type, or over 5 MB when it goes as it is
 * (one this device makes smaller first is checked by the server as sent).
 */
function photoProblem(file: File): string | null {
  if (file.type !== '' && !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type))
    return TYPE_PROBLEM;
  if (file.size > SETTLEMENT_LIMITS.statementPhotoMaxBytes && !mayShrink(file))
    return DISPUTE_MESSAGES.photoTooLarge;
  return null;
}

/**
 * Newly picked files beside `current` photos: none when the total would pass 3, else the acceptable
 * ones, with the first problem found to show under the photos.
 */
export function pickStatementPhotos(current: number, files: File[]) {
  if (current + files.length > SETTLEMENT_LIMITS.statementPhotosMax)
    return { accepted: [] as File[], problem: DISPUTE_MESSAGES.photosTooMany };
  return {
    accepted: files.filter((file) => photoProblem(file) === null),
    problem: files.map(photoProblem).find(Boolean) ?? null,
  };
}
