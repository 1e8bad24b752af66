import { AVATAR_MESSAGES } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { unauthorized } from '../../lib/errors';
import { DEFAULT_AVATAR_LIMITS, processAvatar, type AvatarLimits } from '../../lib/images';
import type { UploadedFile } from '../../lib/multipart';
import { isStorageKey, newStorageKey, UPLOADS_URL_PREFIX } from '../../lib/storage';
import * as repo from './auth.repo';
import { presentSelf } from './auth.presenter';
import { announceUserUpdated } from './session.service';

const AVATAR_FOLDER = 'avatars/';

/**
 * The storage key of an avatar we stored ('/uploads/avatars/<hex>.webp'), or undefined for anything
 * else: no avatar, or a picture another site hosts (Google sign-in), which is never deleted.
 */
export function ownAvatarKey(avatar: string | null): string | undefined {
  if (!avatar?.startsWith(UPLOADS_URL_PREFIX)) return undefined;
  const key = avatar.slice(UPLOADS_URL_PREFIX.length);
  return key.startsWith(AVATAR_FOLDER) && isStorageKey(key) ? key : undefined;
}

/**
 * The signed-in user's profile photo. The file is stored first, then the user row points at it, then
 * the file it replaced is removed; the user's cached session and the shared pages that show their
 * avatar are dropped on every process (the `user.updated` event).
 */
export function createAvatarService(
  ctx: Pick<AppContext, 'db' | 'storage' | 'events'> & { log: Pick<AppContext['log'], 'error'> },
  limits: AvatarLimits = DEFAULT_AVATAR_LIMITS,
) {
  const { db, storage, log } = ctx;

  /** Best effort: a file that cannot be removed is logged, never turned into an error for the user. */
  async function removeFile(key: string | undefined) {
    if (!key) return;
    try {
      await storage.delete(key);
    } catch (err) {
      log.error({ err, key }, 'could not delete an upload');
    }
  }

  async function swap(actor: Actor, avatar: string | null, written?: string) {
    let swapped: Awaited<ReturnType<typeof repo.swapAvatar>>;
    try {
      swapped = await repo.swapAvatar(db, actor.id, avatar);
    } catch (err) {
      await removeFile(written);
      throw err;
    }
    if (!swapped) {
      await removeFile(written);
      throw unauthorized();
    }
    if (swapped.previous !== avatar) await removeFile(ownAvatarKey(swapped.previous));
    await announceUserUpdated(ctx, actor.id);
    return presentSelf(swapped.user);
  }

  return {
    /** Verifies and re-encodes the upload (a 256 px square WebP), stores it and makes it the avatar. */
    async setAvatar(actor: Actor, file: UploadedFile) {
      const image = await processAvatar(file.path, limits);
      const key = `${newStorageKey('avatars')}.webp`;
      await storage.put(key, image.data, image.contentType);
      const user = await swap(actor, `${UPLOADS_URL_PREFIX}${key}`, key);
      return { message: AVATAR_MESSAGES.updated, user };
    },

    /** Removes the file of an avatar no account shows any more, when it is one we stored. */
    removeFile: (avatar: string | null) => removeFile(ownAvatarKey(avatar)),

    /** Clears the avatar; our stored file goes too, another site's picture is only forgotten. */
    async removeAvatar(actor: Actor) {
      const user = await swap(actor, null);
      return { message: AVATAR_MESSAGES.removed, user };
    },
  };
}
export type AvatarService = ReturnType<typeof createAvatarService>;
