import type { ApiError } from '@/lib/api-client';

/**
 * The server's refusal of a photo, which belongs under the photos: a 413 or 415 (file too large, not
 * an image, damaged) carries only a message, no field list.
 */
export function photoRefusal(error: ApiError): string | undefined {
  const aboutPhoto = error.status === 413 || error.status === 415;
  return aboutPhoto && !error.errors?.length && error.hasServerMessage ? error.message : undefined;
}
