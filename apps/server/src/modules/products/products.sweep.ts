import { inArray, or } from 'drizzle-orm';
import { productImages } from '../../db/schema';
import type { UploadFolder } from '../../lib/orphan-sweep';

/** Product photos (full size and thumbnail), for the orphaned upload sweep. */
export const productPhotos: UploadFolder = {
  folder: 'products/',
  async inUse(db, keys) {
    const used = await db
      .select({ path: productImages.path, thumbPath: productImages.thumbPath })
      .from(productImages)
      .where(or(inArray(productImages.path, keys), inArray(productImages.thumbPath, keys)));
    return used.flatMap((r) => [r.path, r.thumbPath]);
  },
};
