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
 * Where `key` lives in the bucket: under S3_PREFIX ('north-campus' puts 'products/x.webp' at
 * 'north-campus/products/x.webp'), or the key itself without one. Every object the server reads,
 * writes, lists or links to goes through it, so deployments sharing a bucket never touch each other's.
 */
const bucketKey = (prefix: string, key: string) => (prefix ? `${prefix}/${key}` : key);

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
  const at = (key: string) => bucketKey(config.prefix, key);
  const mine = at('');
  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: at(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: at(key) }));
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
      await client.send(new DeleteObjectCommand({ Bucket, Key: at(key) }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: at(prefix), ContinuationToken }),
        );
        // Keys are answered as the rest of the server knows them, without S3_PREFIX.
        for (const item of page.Contents ?? [])
          if (item.Key?.startsWith(mine))
            yield {
              key: item.Key.slice(mine.length),
              size: item.Size ?? 0,
              lastModified: item.LastModified ?? new Date(0),
            };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    url(key) {
      return config.publicUrl ? `${config.publicUrl}/${at(key)}` : `${UPLOADS_URL_PREFIX}${key}`;
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
