import { PRODUCT_IMAGE_TYPES, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@campusrun/shared';
import { mayShrink } from '@/lib/resize-photo';

/**
 * A picked file the server would refuse anyway: wrong type, or over `maxBytes` when it goes as it is
 * (one this device resizes first is checked as sent, by the form's schema).
 */
function photoProblem(file: File, maxBytes: number, tooLarge: string): string | null {
  if (file.type !== '' && !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type))
    return PRODUCT_MESSAGES.imageType;
  if (file.size > maxBytes && !mayShrink(file)) return tooLarge;
  return null;
}

/**
 * Newly picked files beside `current` photos: none when the total would pass the 5-photo limit,
 * else the acceptable ones, with the first problem found to show under the photos.
 */
export function pickPhotos(
  current: number,
  files: File[],
  maxBytes: number,
  tooLarge: string,
): { accepted: File[]; problem: string | null } {
  if (current + files.length > PRODUCT_LIMITS.maxImages)
    return { accepted: [], problem: PRODUCT_MESSAGES.maxImages };
  return {
    accepted: files.filter((file) => photoProblem(file, maxBytes, tooLarge) === null),
    problem: files.map((file) => photoProblem(file, maxBytes, tooLarge)).find(Boolean) ?? null,
  };
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * How far each file of one upload has gone, 0 to 1, from the share of the whole body sent: the
 * files travel one after another in the order given, so each fills once the ones before it have.
 */
export function perPhotoProgress(fraction: number, sizes: readonly number[]): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  let sent = Math.min(1, Math.max(0, fraction)) * total;
  return sizes.map((size) => {
    const share = size === 0 ? (sent >= 0 ? 1 : 0) : Math.min(1, Math.max(0, sent / size));
    sent -= size;
    return share;
  });
}
