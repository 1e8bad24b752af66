import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { assertKey, contentTypeOf, UPLOADS_URL_PREFIX, type Storage } from './storage-base';

/** The store's answer for a key that holds nothing (GetObject says NoSuchKey, HEAD only 404). */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/**
 * Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Garage, Ceph RGW). Every process
 * sharing the bucket serves every upload: `url()` is the public base when one is configured, else
 * /uploads/<key> on whichever process gets the request.
 */
export function createS3Storage(
  config: S3Config,
  client = createS3Client(config),
): Storage & { client: S3Client } {
  const Bucket = config.bucket;
  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return undefined;
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: contentTypeOf(key),
          lastModified: out.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      // S3 answers 204 for a key that holds nothing.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const item of page.Contents ?? [])
          if (item.Key)
            yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    url(key) {
      return config.publicUrl ? `${config.publicUrl}/${key}` : `${UPLOADS_URL_PREFIX}${key}`;
    },
  };
}

function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // A store that does not answer fails the call (and the readiness check) instead of hanging it.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    maxAttempts: 2,
  });
}
