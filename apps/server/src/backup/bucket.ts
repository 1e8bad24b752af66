/**
 * Backups kept in the bucket as well, when the photos are in one (S3_BUCKET): each backup folder is
 * copied to `<S3_PREFIX>/backups/<name>/…`, file for file, so a restore can fetch it onto any host
 * and check it exactly as a local folder (the signed manifest and every file's SHA-256).
 *
 * The manifest and its signature go up last: a folder without them in the bucket is a copy that was
 * cut short, and is neither listed nor restored.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { PRIVATE_DIR, PRIVATE_FILE } from '../lib/data-dir';
import { createS3Storage } from '../lib/storage-s3';
import { BackupError, filesUnder, isBackupName, MANIFEST } from './manifest';
import { SIGNATURE } from './key';

/** What goes up last, in this order: once the signature is there, the copy is complete. */
const LAST = [MANIFEST, SIGNATURE];

export interface BucketBackups {
  /** Where the copies are, for messages: `s3://bucket/prefix/backups/`. */
  readonly where: string;
  /** Copies the complete backup `folder` into the bucket. */
  upload(folder: string): Promise<void>;
  /** The names of the complete copies in the bucket, oldest first. */
  list(): Promise<string[]>;
  /** Removes the oldest complete copies beyond `keep`; answers how many went. */
  prune(keep: number): Promise<number>;
  /** Fetches the copy `name` into the new folder `to` (0700, files 0600). */
  download(name: string, to: string): Promise<void>;
}

export function bucketBackups(config: S3Config, client?: S3Client): BucketBackups {
  const s3 = client ?? createS3Storage(config).client;
  const Bucket = config.bucket;
  const root = `${config.prefix ? `${config.prefix}/` : ''}backups/`;

  /** Every key under `prefix`, page by page. */
  async function* keysUnder(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const item of page.Contents ?? []) if (item.Key) yield item.Key;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function list() {
    const complete = new Set<string>();
    for await (const key of keysUnder(root)) {
      const [name, file, ...deeper] = key.slice(root.length).split('/');
      if (name && isBackupName(name) && file === SIGNATURE && deeper.length === 0) complete.add(name);
    }
    return [...complete].sort();
  }

  async function remove(name: string) {
    let batch: string[] = [];
    const flush = async () => {
      if (!batch.length) return;
      await s3.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      batch = [];
    };
    // The signature first: a copy half removed is an incomplete one, never a damaged complete one.
    await s3.send(
      new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: `${root}${name}/${SIGNATURE}` }] } }),
    );
    for await (const key of keysUnder(`${root}${name}/`)) {
      batch.push(key);
      if (batch.length === 1000) await flush();
    }
    await flush();
  }

  /** Each file of the backup, the manifest and its signature last. */
  async function uploadFolder(folder: string) {
    const name = path.basename(folder);
    const files = await filesUnder(folder);
    const ordered = [...files.filter((f) => !LAST.includes(f)), ...LAST.filter((f) => files.includes(f))];
    for (const file of ordered) {
      // Whole files, not streams: every S3-compatible store takes a plain body with its length
      // (a stream goes up in aws-chunked framing, which some stores keep as part of the object).
      const Body = await readFile(path.join(folder, file));
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: `${root}${name}/${file}`,
          Body,
          ContentType: 'application/octet-stream',
        }),
      );
    }
  }

  return {
    where: `s3://${Bucket}/${root}`,
    async upload(folder) {
      try {
        await uploadFolder(folder);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new BackupError(
          `Copying ${path.basename(folder)} into s3://${Bucket}/${root} failed: ${reason}`,
        );
      }
    },
    list,
    async prune(keep) {
      const names = await list();
      const old = names.slice(0, Math.max(0, names.length - keep));
      for (const name of old) await remove(name);
      return old.length;
    },
    async download(name, to) {
      if (!isBackupName(name) || !(await list()).includes(name))
        throw new BackupError(`There is no complete backup ${name} in s3://${Bucket}/${root}.`);
      await mkdir(to, { mode: PRIVATE_DIR });
      const prefix = `${root}${name}/`;
      for await (const key of keysUnder(prefix)) {
        const relative = key.slice(prefix.length);
        // Only names a backup can hold: no way out of the folder (the manifest check refuses the rest).
        if (!relative || relative.split('/').some((part) => part === '..' || part === '' || part === '.'))
          throw new BackupError(`The bucket's copy of ${name} holds an unexpected object: ${key}`);
        const target = path.join(to, ...relative.split('/'));
        await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        await pipeline(out.Body as Readable, createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE }));
      }
    },
  };
}
