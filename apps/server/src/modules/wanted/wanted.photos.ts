import { inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../lib/app-context';
import { wantedPosts } from '../../db/schema';
import { processImage, type ImageLimits } from '../../lib/images';
import type { UploadFolder } from '../../lib/orphan-sweep';
import { newStorageKey, type Storage } from '../../lib/storage';

const FOLDER = 'wanted';

/** A wanted post's photo as stored: the full-size picture and its small copy. */
export interface PhotoKeys {
  photoPath: string;
  photoThumbPath: string;
}

export interface PhotoFiles {
  storage: Storage;
  log: Pick<AppContext['log'], 'error'>;
}

/**
 * Decodes and re-encodes an upload (the product photo pipeline: no metadata, WebP, at most the full
 * size, plus a small copy) and writes both files. A second write that fails takes the first with it.
 */
export async function storePhoto(files: PhotoFiles, path: string, limits: ImageLimits): Promise<PhotoKeys> {
  const image = await processImage(path, limits);
  const base = newStorageKey(FOLDER);
  const keys = { photoPath: `${base}.webp`, photoThumbPath: `${base}_thumb.webp` };
  await files.storage.put(keys.photoPath, image.full.data, image.contentType);
  try {
    await files.storage.put(keys.photoThumbPath, image.thumb.data, image.contentType);
  } catch (err) {
    await removePhoto(files, { photoPath: keys.photoPath, photoThumbPath: null });
    throw err;
  }
  return keys;
}

/** Best effort: a file that cannot be removed is logged (the orphan sweep takes it later). */
export async function removePhoto(
  { storage, log }: PhotoFiles,
  keys: { photoPath: string | null; photoThumbPath: string | null } | undefined,
) {
  for (const key of [keys?.photoPath, keys?.photoThumbPath])
    if (key)
      await storage
        .delete(key)
        .catch((err: unknown) => log.error({ err, key }, 'could not delete an upload'));
}

/** Wanted post photos, for the orphaned upload sweep. */
export const wantedPhotos: UploadFolder = {
  folder: `${FOLDER}/`,
  async inUse(db, keys) {
    const used = await db
      .select({ path: wantedPosts.photoPath, thumbPath: wantedPosts.photoThumbPath })
      .from(wantedPosts)
      .where(or(inArray(wantedPosts.photoPath, keys), inArray(wantedPosts.photoThumbPath, keys)));
    return used.flatMap((r) => [r.path, r.thumbPath]).filter((k): k is string => k !== null);
  },
};
