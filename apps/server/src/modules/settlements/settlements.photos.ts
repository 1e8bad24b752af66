import type { DisputePhoto } from '@campusrun/shared';
import { createUploadLinks } from '../../lib/upload-links';

/** Whose statement a photo is with: the one who opened the dispute, or the other party's reply. */
export type PhotoSide = 'opener' | 'reply';

/** Where a dispute's photos are stored: 'disputes/<32 hex>.webp', the thumbnail beside it. */
export const PHOTO_FOLDER = 'disputes';
export const thumbnailKey = (key: string) => key.replace(/\.webp$/, '_thumb.webp');

/** A photo as its URL names it: 'opener-0', 'reply-2-thumb'. */
const PHOTO_NAME = /^(opener|reply)-([0-2])(-thumb)?$/;

export function parsePhotoName(name: string) {
  const m = PHOTO_NAME.exec(name);
  return m ? { side: m[1] as PhotoSide, index: Number(m[2]), thumbnail: m[3] !== undefined } : undefined;
}

/**
 * The links of dispute photos. A statement's photos belong to the two parties and the moderators:
 * only they are given these URLs (in the settlement's or the moderators' answer), signed for the
 * stored file they name and expiring like a chat photo's (lib/upload-links.ts). The URL names the
 * dispute and the photo's place, never the storage key; a photo replaced by a changed statement
 * leaves its old links naming nothing.
 */
export interface DisputePhotoLinks {
  photo(disputeId: string, side: PhotoSide, index: number, key: string): DisputePhoto;
  /** Seconds the link of `key` still lasts, or undefined when its signature is wrong or it expired. */
  check(disputeId: string, key: string, exp: unknown, sig: unknown): number | undefined;
}

/** `secrets`: the server's, newest first (lib/upload-links.ts). */
export function createDisputePhotoLinks(secrets: readonly string[]): DisputePhotoLinks {
  const links = createUploadLinks(secrets);
  const signed = (disputeId: string, key: string) => `dispute-photo/${disputeId}/${key}`;
  const url = (disputeId: string, name: string, key: string) => {
    const link = links.url(signed(disputeId, key));
    return `/api/disputes/${disputeId}/photos/${name}${link.slice(link.indexOf('?'))}`;
  };
  return {
    photo: (disputeId, side, index, key) => ({
      url: url(disputeId, `${side}-${index}`, key),
      thumbnailUrl: url(disputeId, `${side}-${index}-thumb`, thumbnailKey(key)),
    }),
    check: (disputeId, key, exp, sig) => links.check(signed(disputeId, key), exp, sig),
  };
}
