import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config';

/** s3rver's fixed credentials (it accepts only these). */
const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-API server on 127.0.0.1 (s3rver), storing in a folder, with `bucket` created. Port 0 picks
 * a free port; without `directory` a temporary folder is used and removed on close.
 */
export async function startS3TestServer(opts: { bucket?: string; port?: number; directory?: string } = {}) {
  const bucket = opts.bucket ?? 'campusrun-test';
  const directory = opts.directory ?? mkdtempSync(path.join(os.tmpdir(), 'campusrun-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    bucket,
    endpoint,
    region: 'us-east-1',
    credentials: S3_TEST_CREDENTIALS,
    forcePathStyle: true,
    prefix: '',
  };
  return {
    endpoint,
    port,
    config,
    /** The same settings as environment variables, for a server process. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      if (!opts.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
