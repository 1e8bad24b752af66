import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@campusrun/shared';
import type { AppContext } from '../../lib/app-context';
import { badRequest } from '../../lib/errors';
import { processImage, type ImageLimits, type ProcessedImage } from '../../lib/images';
import type { UploadedFile } from '../../lib/multipart';
import { newStorageKey, type Storage } from '../../lib/storage';
import type * as repo from './products.repo';

/** Where a product's image files are kept, and where a file that cannot be removed is logged. */
export interface ImageFiles {
  storage: Storage;
  log: Pick<AppContext['log'], 'error'>;
}

/** A kept-image reference as the client sends it: the URL we gave (path or absolute) or the image id. */
const comparable = (s: string) => {
  try {
    return new URL(s).pathname;
  } catch {
    return s;
  }
};

/** Best effort: a file that cannot be removed is logged, never turned into an error for the user. */
export async function removeFiles({ storage, log }: ImageFiles, keys: string[]) {
  const results = await Promise.allSettled(keys.map((k) => storage.delete(k)));
  for (const [i, r] of results.entries())
    if (r.status === 'rejected') log.error({ err: r.reason, key: keys[i] }, 'could not delete an upload');
}

/**
 * Decodes and re-encodes every upload first (one at a time, to bound memory), and only when all are
 * valid writes them. If a write fails, the ones already written are removed.
 */
export async function storeImages(deps: ImageFiles & { imageLimits: ImageLimits }, files: UploadedFile[]) {
  const { storage, imageLimits } = deps;
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processImage(file.path, imageLimits));
  const keys: string[] = [];
  const rows: repo.NewImage[] = [];
  try {
    for (const img of processed) {
      const base = newStorageKey('products');
      const path = `${base}.webp`;
      const thumbPath = `${base}_thumb.webp`;
      await storage.put(path, img.full.data, img.contentType);
      keys.push(path);
      await storage.put(thumbPath, img.thumb.data, img.contentType);
      keys.push(thumbPath);
      rows.push({ path, thumbPath, width: img.full.width, height: img.full.height });
    }
  } catch (err) {
    await removeFiles(deps, keys);
    throw err;
  }
  return { rows, keys };
}

/** Runs a database write; if it fails, the files written for it are removed before the error goes on. */
export async function orRemove<T>(files: ImageFiles, keys: string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await removeFiles(files, keys);
    throw err;
  }
}

/** The current images the edit keeps, in the client's order; all of them when it did not say. */
export function keptImages(
  storage: Storage,
  current: repo.ImageRow[],
  requested: string[] | undefined,
): repo.ImageRow[] {
  if (requested === undefined) return current;
  const kept: repo.ImageRow[] = [];
  for (const ref of requested) {
    const want = comparable(ref);
    const match = current.find(
      (img) =>
        img.id === ref ||
        comparable(storage.url(img.path)) === want ||
        comparable(storage.url(img.thumbPath)) === want,
    );
    if (!match)
      throw badRequest(PRODUCT_MESSAGES.unknownExistingImage, [
        { param: 'existingImages', msg: PRODUCT_MESSAGES.unknownExistingImage },
      ]);
    if (!kept.includes(match)) kept.push(match);
  }
  return kept;
}

export function checkImageCount(total: number) {
  if (total > PRODUCT_LIMITS.maxImages)
    throw badRequest(PRODUCT_MESSAGES.maxImages, [{ param: 'images', msg: PRODUCT_MESSAGES.maxImages }]);
  if (total === 0)
    throw badRequest(PRODUCT_MESSAGES.imageRequired, [
      { param: 'images', msg: PRODUCT_MESSAGES.imageRequired },
    ]);
}
