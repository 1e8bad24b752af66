import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, lstat, mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { CHAT_MESSAGES } from '@campusrun/shared';
import { errorBody } from './errors';
import type { Config } from '../config';
import type { UploadLinks } from './upload-links';
import { entriesUnder, PRIVATE_DIR, PRIVATE_FILE, privateDir } from './data-dir';
import {
  assertKey,
  contentTypeOf,
  isPrivateUploadKey,
  isStorageKey,
  UPLOADS_URL_PREFIX,
  type Storage,
  type StoredObject,
} from './storage-base';

export {
  contentTypeOf,
  isPrivateUploadKey,
  isStorageKey,
  newStorageKey,
  UPLOADS_URL_PREFIX,
  type Storage,
} from './storage-base';

export const uploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');

/**
 * The regular file at `key` under `root`, opened for reading; undefined when there is none, or when
 * the key's folder or the file itself is a symbolic link or anything but a folder and a regular file:
 * a link planted there is never followed.
 */
async function openStored(root: string, key: string): Promise<FileHandle | undefined> {
  const parts = key.split('/');
  for (let i = 1; i < parts.length; i++) {
    const folder = await lstat(path.join(root, ...parts.slice(0, i))).catch(() => undefined);
    if (!folder?.isDirectory()) return undefined;
  }
  const handle = await open(path.join(root, key), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ELOOP' || err.code === 'ENOTDIR') return undefined;
      throw err;
    },
  );
  if (handle && !(await handle.stat()).isFile()) {
    await handle.close();
    return undefined;
  }
  return handle;
}

/**
 * Files under `root` (DATA_DIR/uploads), served by `uploadsRoutes` at /uploads/<key>: 0600 files in
 * 0700 folders, read only when they are regular files (never through a symbolic link).
 */
export function createLocalStorage(root: string): Storage {
  return {
    kind: 'local',
    async put(key, body) {
      assertKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, body, { flag: 'wx', mode: PRIVATE_FILE });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      assertKey(key);
      const handle = await openStored(root, key);
      if (!handle) return undefined;
      const info = await handle.stat();
      return {
        body: handle.createReadStream(),
        size: info.size,
        contentType: contentTypeOf(key),
        lastModified: info.mtime,
      };
    },
    async delete(key) {
      assertKey(key);
      await rm(path.join(root, key), { force: true });
    },
    async *list(prefix) {
      // The walk starts in the prefix's folder ('products/'), which must be a folder, not a link.
      const start = prefix.slice(0, prefix.lastIndexOf('/') + 1).replace(/\/$/, '');
      if (start && !(await lstat(path.join(root, start)).catch(() => undefined))?.isDirectory()) return;
      for await (const entry of entriesUnder(root, start)) {
        const key = entry.path;
        // Half-written .tmp files and anything but a regular file are not stored objects.
        if (entry.kind !== 'file' || !key.startsWith(prefix) || !isStorageKey(key)) continue;
        const info = await lstat(path.join(root, key)).catch(() => undefined);
        if (info?.isFile()) yield { key, size: info.size, lastModified: info.mtime };
      }
    },
    async check() {
      await privateDir(root);
      await access(root, fsConstants.W_OK);
    },
    url(key) {
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
  };
}

/** The storage the app uses: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  if (!config.s3) return createLocalStorage(uploadsDir(config));
  // Loaded only when configured: a single process on local disk starts faster.
  const { createS3Storage } = await import('./storage-s3');
  return createS3Storage(config.s3);
}

/**
 * GET /uploads/<key>: the stored files, from local disk or streamed from the bucket, so any process
 * answers for any upload. Public names never change (a new upload gets a new key), so they are
 * cached for a year. A private upload (a chat photo) is answered only with a valid, unexpired
 * signature (403 otherwise), cached by the browser alone until the link expires; once its file is
 * deleted it is a 404 at once. nosniff keeps a browser from reading them as anything but images.
 * Outside the global rate limit: a marketplace page loads dozens of thumbnails at once.
 */
export function uploadsRoutes(storage: Storage, links: UploadLinks): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { '*': string }; Querystring: Record<string, unknown> }>(
      `${UPLOADS_URL_PREFIX}*`,
      { config: { rateLimit: false }, schema: { hide: true } },
      async (request, reply) => {
        const key = request.params['*'];
        const fail = (status: 403 | 404 | 503) =>
          reply
            .code(status)
            .header('cache-control', 'no-store')
            .send(
              status === 404
                ? errorBody('NOT_FOUND', 'Not found')
                : status === 403
                  ? errorBody('FORBIDDEN', CHAT_MESSAGES.photoLinkExpired)
                  : errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'),
            );
        if (!isStorageKey(key)) return fail(404);
        let cacheControl = 'public, max-age=31536000, immutable';
        if (isPrivateUploadKey(key)) {
          const left = links.check(key, request.query.exp, request.query.sig);
          if (left === undefined) return fail(403);
          cacheControl = `private, max-age=${left}`;
        }
        let found: StoredObject | undefined;
        try {
          found = await storage.get(key);
        } catch (err) {
          request.log.error({ err }, 'could not read an upload');
          return fail(503);
        }
        if (!found) return fail(404);
        return reply
          .header('content-type', found.contentType)
          .header('content-length', String(found.size))
          .header('last-modified', found.lastModified.toUTCString())
          .header('cache-control', cacheControl)
          .header('x-content-type-options', 'nosniff')
          .send(found.body);
      },
    );
  };
}
