import { randomBytes } from 'node:crypto';
import { constants as fsConstants, createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { CHAT_MESSAGES } from '@campusrun/shared';
import { errorBody } from './errors';
import type { Config } from '../config';
import type { UploadLinks } from './upload-links';
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
  type StoredEntry,
  type StoredObject,
} from './storage-base';

export const uploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');

/** Files under `root` (DATA_DIR/uploads), served by `uploadsRoutes` at /uploads/<key>. */
export function createLocalStorage(root: string): Storage {
  return {
    kind: 'local',
    async put(key, body) {
      assertKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, body, { flag: 'wx' });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      assertKey(key);
      const file = path.join(root, key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return {
        body: createReadStream(file),
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
      const folder = path.join(root, prefix);
      const names = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
      for (const name of names) {
        const key = `${prefix}${name.split(path.sep).join('/')}`;
        if (!isStorageKey(key)) continue; // half-written .tmp files, folders
        const info = await stat(path.join(folder, name)).catch(() => undefined);
        if (info?.isFile()) yield { key, size: info.size, lastModified: info.mtime };
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
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
