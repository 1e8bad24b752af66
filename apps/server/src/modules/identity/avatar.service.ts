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
import { bindUseCases } from '../../lib/use-cases';

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

type Context = Pick<AppContext, 'db' | 'storage' | 'events'> & { log: Pick<AppContext['log'], 'error'> };

/** What every avatar use case works with: the context and the photo's limits. */
interface Deps extends Context {
  limits: AvatarLimits;
}

/** Best effort: a file that cannot be removed is logged, never turned into an error for the user. */
async function removeStored({ storage, log }: Deps, key: string | undefined) {
  if (!key) return;
  try {
    await storage.delete(key);
  } catch (err) {
    log.error({ err, key }, 'could not delete an upload');
  }
}

async function swap(deps: Deps, actor: Actor, avatar: string | null, written?: string) {
  let swapped: Awaited<ReturnType<typeof repo.swapAvatar>>;
  try {
    swapped = await repo.swapAvatar(deps.db, actor.id, avatar);
  } catch (err) {
    await removeStored(deps, written);
    throw err;
  }
  if (!swapped) {
    await removeStored(deps, written);
    throw unauthorized();
  }
  if (swapped.previous !== avatar) await removeStored(deps, ownAvatarKey(swapped.previous));
  await announceUserUpdated(deps, actor.id);
  return presentSelf(swapped.user);
}

/** Verifies and re-encodes the upload (a 256 px square WebP), stores it and makes it the avatar. */
async function setAvatar(deps: Deps, actor: Actor, file: UploadedFile) {
  const image = await processAvatar(file.path, deps.limits);
  const key = `${newStorageKey('avatars')}.webp`;
  await deps.storage.put(key, image.data, image.contentType);
  const user = await swap(deps, actor, `${UPLOADS_URL_PREFIX}${key}`, key);
  return { message: AVATAR_MESSAGES.updated, user };
}

/** Removes the file of an avatar no account shows any more, when it is one we stored. */
function removeFile(deps: Deps, avatar: string | null) {
  return removeStored(deps, ownAvatarKey(avatar));
}

/** Clears the avatar; our stored file goes too, another site's picture is only forgotten. */
async function removeAvatar(deps: Deps, actor: Actor) {
  const user = await swap(deps, actor, null);
  return { message: AVATAR_MESSAGES.removed, user };
}

/**
 * The signed-in user's profile photo. The file is stored first, then the user row points at it, then
 * the file it replaced is removed; the user's cached session and the shared pages that show their
 * avatar are dropped on every process (the `user.updated` event).
 */
export function createAvatarService(ctx: Context, limits: AvatarLimits = DEFAULT_AVATAR_LIMITS) {
  const deps: Deps = { db: ctx.db, storage: ctx.storage, events: ctx.events, log: ctx.log, limits };
  return bindUseCases(deps, { setAvatar, removeFile, removeAvatar });
}
export type AvatarService = ReturnType<typeof createAvatarService>;
