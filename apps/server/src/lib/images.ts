import { stat } from 'node:fs/promises';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  AVATAR_LIMITS,
  AVATAR_MESSAGES,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  PRODUCT_IMAGE_FORMATS,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
} from '@campusrun/shared';
import { AppError } from './errors';
import type { Limiter, LimiterFactory } from './rate-limit';

/**
 * Formats we decode, the same list the forms name and pick from. Anything else sharp could read
 * (SVG, TIFF, HEIF, PDF…) is refused.
 */
const ACCEPTED_FORMATS = new Set<string>(PRODUCT_IMAGE_FORMATS.map((f) => f.decoded));

export interface ImageLimits {
  /** Largest decoded width × height; larger is refused before decoding (decompression bombs). */
  maxPixels: number;
  /** What the uploader reads when the image has more pixels than that. */
  pixelsMessage?: string;
  /** Longest side of the full-size output. */
  fullSizePx: number;
  /** Longest side of the thumbnail. */
  thumbnailPx: number;
}
export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxPixels: PRODUCT_LIMITS.maxImagePixels,
  fullSizePx: PRODUCT_LIMITS.fullSizePx,
  thumbnailPx: PRODUCT_LIMITS.thumbnailPx,
};
/** A chat photo: a phone camera's full size at most; its decoding costs the server far less. */
export const CHAT_IMAGE_LIMITS: ImageLimits = {
  ...DEFAULT_IMAGE_LIMITS,
  maxPixels: CHAT_LIMITS.photoMaxPixels,
  pixelsMessage: CHAT_MESSAGES.photoPixels,
};

/** Decoded uploads (product and chat photos) one user may send in 10 minutes, on every process. */
const PHOTO_UPLOAD_LIMIT = { points: 60, duration: 600 } as const;
const photoBudgets = new WeakMap<LimiterFactory, Limiter>();
/** The one photo upload budget of an app, shared by the product and chat photo routes. */
export function photoUploadBudget(limiter: LimiterFactory): Limiter {
  let budget = photoBudgets.get(limiter);
  if (!budget) {
    budget = limiter('photo-uploads', PHOTO_UPLOAD_LIMIT);
    photoBudgets.set(limiter, budget);
  }
  return budget;
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}
export interface ProcessedImage {
  /** WebP, longest side ≤ fullSizePx, never enlarged, upright, without metadata. */
  full: EncodedImage;
  /** WebP, longest side ≤ thumbnailPx. */
  thumb: EncodedImage;
  contentType: 'image/webp';
  /** What came in (for logs and benchmarks). */
  source: { format: string; width: number; height: number; bytes: number };
}

const unsupportedImage = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', PRODUCT_MESSAGES.imageType);
const corruptImage = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', PRODUCT_MESSAGES.imageCorrupt);
const tooManyPixels = (message: string = PRODUCT_MESSAGES.imagePixels) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', message);

/**
 * Step 1 of every upload, from the header only: format and dimensions, read without a pixel limit so
 * a bomb gets its own message. 415 for what we do not decode, 413 for more than `maxPixels`.
 */
async function checkHeader(input: Buffer | string, maxPixels: number, pixelsMessage?: string) {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw unsupportedImage();
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width < 1 || height < 1) throw corruptImage();
  if (width * height > maxPixels) throw tooManyPixels(pixelsMessage);
  return { format: meta.format, width, height };
}

/** A decoding failure as the uploader's error: too many pixels, or a damaged file. */
const decodeError = (err: unknown, pixelsMessage?: string) =>
  err instanceof Error && /pixel limit/i.test(err.message) ? tooManyPixels(pixelsMessage) : corruptImage();

/**
 * Verifies an uploaded image by decoding it, then re-encodes it: EXIF orientation applied, at most
 * `fullSizePx` on the longest side, WebP, plus a thumbnail. sharp writes no metadata unless asked
 * (we never call withMetadata/keepExif), so EXIF (GPS!), XMP and ICC are dropped.
 * Throws 415 for non-images, unsupported formats and damaged files; 413 for too many pixels.
 */
export async function processImage(
  /** The bytes, or the path of a file holding them (an upload streamed to disk). */
  input: Buffer | string,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<ProcessedImage> {
  // 1. Header only: format and dimensions.
  const meta = await checkHeader(input, limits.maxPixels, limits.pixelsMessage);

  // 2. Decode once (JPEG shrink-on-load when it can), upright and scaled, to raw pixels.
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error', pages: 1 })
      .rotate()
      .resize({
        width: limits.fullSizePx,
        height: limits.fullSizePx,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw decodeError(err, limits.pixelsMessage);
  }

  // 3. Encode both sizes from the decoded pixels.
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [full, thumb] = await Promise.all([
    sharp(data, raw).webp({ quality: 80, effort: 4 }).toBuffer({ resolveWithObject: true }),
    sharp(data, raw)
      .resize({
        width: limits.thumbnailPx,
        height: limits.thumbnailPx,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75, effort: 4 })
      .toBuffer({ resolveWithObject: true }),
  ]);
  return {
    full: { data: full.data, width: full.info.width, height: full.info.height },
    thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
    contentType: 'image/webp',
    source: {
      format: meta.format,
      width: meta.width,
      height: meta.height,
      bytes: typeof input === 'string' ? (await stat(input)).size : input.length,
    },
  };
}

export interface AvatarLimits {
  maxPixels: number;
  pixelsMessage?: string;
  /** Side of the square output. */
  sizePx: number;
}
export const DEFAULT_AVATAR_LIMITS: AvatarLimits = {
  maxPixels: AVATAR_LIMITS.maxPixels,
  pixelsMessage: AVATAR_MESSAGES.imagePixels,
  sizePx: AVATAR_LIMITS.sizePx,
};

/**
 * A profile photo: verified like `processImage` (decoded, same formats and errors), then upright,
 * centre-cropped to a `sizePx` square (a smaller photo is enlarged), WebP, without metadata.
 */
export async function processAvatar(
  input: Buffer | string,
  limits: AvatarLimits = DEFAULT_AVATAR_LIMITS,
): Promise<EncodedImage & { contentType: 'image/webp' }> {
  await checkHeader(input, limits.maxPixels, limits.pixelsMessage);
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: limits.maxPixels,
      failOn: 'error',
      pages: 1,
    })
      .rotate()
      .resize({ width: limits.sizePx, height: limits.sizePx, fit: 'cover', position: 'centre' })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch (err) {
    throw decodeError(err, limits.pixelsMessage);
  }
}
