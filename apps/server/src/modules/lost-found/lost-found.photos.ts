import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/app-context';
import { queryRows } from '../../db/rows';
import { lostFoundPosts } from '../../db/schema';
import { processImage, type ImageLimits } from '../../lib/images';
import type { UploadFolder } from '../../lib/orphan-sweep';
import { newStorageKey, type Storage } from '../../lib/storage';

/** Private uploads (`isPrivateUploadKey`): members get them through signed links only. */
const FOLDER = 'lost-found';

/** A post's photo as stored: the full-size picture and its small copy. */
export interface PhotoKeys {
  path: string;
  thumbPath: string;
}

export interface PhotoFiles {
  storage: Storage;
  log: Pick<AppContext['log'], 'error'>;
}

const removeKeys = async ({ storage, log }: PhotoFiles, keys: readonly string[]) => {
  for (const key of keys)
    await storage.delete(key).catch((err: unknown) => log.error({ err, key }, 'could not delete an upload'));
};

/** Best effort: a file that cannot be removed is logged (the orphan sweep takes it later). */
export const removePhotos = (files: PhotoFiles, photos: readonly PhotoKeys[]) =>
  removeKeys(
    files,
    photos.flatMap((p) => [p.path, p.thumbPath]),
  );

/**
 * Decodes and re-encodes each upload (the product photo pipeline: no metadata, WebP, at most the
 * full size, plus a small copy) and writes the files. One that fails takes those written with it.
 */
export async function storePhotos(files: PhotoFiles, paths: readonly string[], limits: ImageLimits) {
  const stored: PhotoKeys[] = [];
  const written: string[] = [];
  try {
    for (const path of paths) {
      const image = await processImage(path, limits);
      const base = newStorageKey(FOLDER);
      const keys = { path: `${base}.webp`, thumbPath: `${base}_thumb.webp` };
      await files.storage.put(keys.path, image.full.data, image.contentType);
      written.push(keys.path);
      await files.storage.put(keys.thumbPath, image.thumb.data, image.contentType);
      written.push(keys.thumbPath);
      stored.push(keys);
    }
  } catch (err) {
    await removeKeys(files, written);
    throw err;
  }
  return stored;
}

/** Lost and found photos, for the orphaned upload sweep. */
export const lostFoundPhotos: UploadFolder = {
  folder: `${FOLDER}/`,
  async inUse(db, keys) {
    const rows = await queryRows<{ key: string }>(
      db,
      sql`select k.key from ${lostFoundPosts} p, jsonb_array_elements(p.photos) ph,
        lateral (values (ph->>'path'), (ph->>'thumbPath')) k(key)
        where k.key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
    );
    return rows.map((r) => r.key);
  },
};
