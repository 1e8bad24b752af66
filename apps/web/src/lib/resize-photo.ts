import { PRODUCT_LIMITS } from '@campusrun/shared';

/**
 * Photos are made smaller on the device before they are sent: a 10 MB camera photo travels as a few
 * hundred KB. The longest side becomes at most the size the server keeps (1600 px), re-encoded as
 * WebP where this browser's canvas writes it, else JPEG. The pixels come out upright (the
 * re-encode drops EXIF, orientation with it). What cannot or need not be resized goes as it is, and
 * the server checks and answers as it does for any file: one the browser cannot decode (HEIC on most
 * browsers), a GIF or an animated PNG or WebP, and a photo already within 1600 px whose re-encoding
 * would not be smaller.
 */
const PHOTO_MAX_SIDE = PRODUCT_LIMITS.fullSizePx;
const PHOTO_QUALITY = 0.85;

/** What is tried: the still formats the server takes. A GIF (often animated) goes as it is. */
const RESIZED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The header bytes read to tell a GIF or an animated PNG or WebP (an APNG's acTL comes before its pixels). */
const HEADER_BYTES = 64 * 1024;

/** The size a photo is drawn at: its longest side at most `maxSide`, never enlarged, in whole pixels. */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Whether the original is sent rather than its re-encoded copy: only when it is already within the
 * size and the copy would not be smaller (a small, well-compressed file is not made bigger).
 */
export function keepsOriginal(
  original: { width: number; height: number; bytes: number },
  resizedBytes: number,
  maxSide = PHOTO_MAX_SIDE,
): boolean {
  return Math.max(original.width, original.height) <= maxSide && resizedBytes >= original.bytes;
}

/**
 * Whether a picked file will be tried here before it is sent, so that its size on the device is no
 * reason to refuse it: the limits hold for what is sent (and the server still checks it).
 */
export function mayShrink(file: Blob): boolean {
  return RESIZED_TYPES.has(file.type) && typeof createImageBitmap === 'function';
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** A GIF, an animated PNG (an acTL chunk before the first IDAT) or an animated WebP (VP8X's flag), by its bytes. */
export function isAnimated(head: Uint8Array): boolean {
  if (ascii(head, 0, 4) === 'GIF8') return true;
  if (ascii(head, 1, 3) === 'PNG') {
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    for (let at = 8; at + 8 <= head.length;) {
      const type = ascii(head, at + 4, 4);
      if (type === 'acTL') return true;
      if (type === 'IDAT' || type === 'IEND') return false;
      at += 12 + view.getUint32(at);
    }
    return false;
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP' && ascii(head, 12, 4) === 'VP8X')
    return ((head[20] ?? 0) & 0x02) !== 0;
  return false;
}

interface Decoded {
  image: CanvasImageSource;
  width: number;
  height: number;
  release(): void;
}

/**
 * The photo's pixels, upright: createImageBitmap with the file's EXIF orientation applied, or an
 * <img> (which applies it too) where that option is not known. Null when the browser cannot decode it.
 */
async function decode(file: Blob): Promise<Decoded | null> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { image: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  } catch {
    // An older browser refuses the option; a format it cannot read fails the <img> too.
  }
  if (typeof document === 'undefined') return null;
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
  return {
    image: img,
    width: img.naturalWidth,
    height: img.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function paint(context: Context2D, image: CanvasImageSource, width: number, height: number, type: string) {
  // JPEG keeps no transparency: a transparent PNG turns white, not black.
  if (type === 'image/jpeg') {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
}

/** The image drawn at `width`×`height` and encoded as `type` (an OffscreenCanvas where there is one). */
async function encode(image: CanvasImageSource, width: number, height: number, type: string) {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    paint(context, image, width, height, type);
    return canvas.convertToBlob({ type, quality: PHOTO_QUALITY }).catch(() => null);
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, image, width, height, type);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, PHOTO_QUALITY));
}

/** Whether this browser's canvas writes WebP (one that cannot answers a PNG), learnt once. */
let writesWebp: boolean | undefined;

/** WebP where the canvas writes it, else JPEG. */
async function encodeBest(image: CanvasImageSource, width: number, height: number) {
  if (writesWebp !== false) {
    const webp = await encode(image, width, height, 'image/webp');
    writesWebp = webp?.type === 'image/webp';
    if (writesWebp) return webp;
  }
  const jpeg = await encode(image, width, height, 'image/jpeg');
  return jpeg?.type === 'image/jpeg' ? jpeg : null;
}

/** `IMG_2041.HEIC` → `IMG_2041.webp`: the same name, the extension of what is sent. */
export function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

async function prepare(file: File): Promise<File> {
  if (!mayShrink(file)) return file;
  if (isAnimated(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()))) return file;
  const decoded = await decode(file);
  if (!decoded) return file;
  try {
    const { width, height } = fitWithin(decoded.width, decoded.height);
    const blob = await encodeBest(decoded.image, width, height);
    if (!blob || keepsOriginal({ width: decoded.width, height: decoded.height, bytes: file.size }, blob.size))
      return file;
    return new File([blob], renamed(file.name, blob.type), {
      type: blob.type,
      lastModified: file.lastModified,
    });
  } finally {
    decoded.release();
  }
}

/** Each file's copy as sent, made once: the form's check, the upload and a retry share it. */
const prepared = new WeakMap<Blob, Promise<File>>();

/**
 * The photo as it is to be sent: resized and re-encoded, or the original (see above). Never fails:
 * anything that goes wrong sends the original, for the server to judge.
 */
export function resizePhoto(file: File): Promise<File> {
  let copy = prepared.get(file);
  if (!copy) {
    copy = prepare(file).catch(() => file);
    prepared.set(file, copy);
    void copy.then((sent) => {
      if (sent !== file) prepared.set(sent, Promise.resolve(sent));
    });
  }
  return copy;
}

/** Several photos as they are to be sent, in the same order. */
export const resizePhotos = (files: readonly File[]) => Promise.all(files.map(resizePhoto));
