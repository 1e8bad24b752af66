// An S3-API server for local multi-process runs and CI (s3rver, a dev dependency): never for
// production. Prints the S3_* settings as KEY=value lines once it listens, then runs until stopped.
//
//   npx tsx apps/server/scripts/s3-test-server.ts [--port 0] [--bucket campusrun] [--dir ./s3-data]
import { parseArgs } from 'node:util';
import { startS3TestServer } from '../src/test/s3-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    bucket: { type: 'string', default: 'campusrun' },
    dir: { type: 'string' },
  },
});
const server = await startS3TestServer({
  port: Number(values.port),
  bucket: values.bucket,
  directory: values.dir,
});
for (const [key, value] of Object.entries(server.env)) console.log(`${key}=${value}`);
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
