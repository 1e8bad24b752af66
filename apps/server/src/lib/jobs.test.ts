/**
 * The job queue's depth, which GET /api/metrics reports as job_queue_depth: the jobs due and not yet
 * taken by a worker, by queue, counted in the queue's own tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/build-test-app';
import { createJobQueue, type JobQueue } from './jobs';

const silent = { error: () => undefined, warn: () => undefined };
let database: Database;
let jobs: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await createJobQueue(database, silent);
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

describe('job queue depth', () => {
  it('counts the jobs due and not yet taken, by queue, and none whose time has not come', async () => {
    await jobs.createQueue('depth-a');
    await jobs.createQueue('depth-b');
    expect(await jobs.depth()).toEqual({ 'depth-a': 0, 'depth-b': 0 });

    await jobs.sendMany('depth-a', [{ n: 1 }, { n: 2 }]);
    await jobs.send('depth-a', { n: 3 }, { startAfter: 3600 });
    expect(await jobs.depth()).toEqual({ 'depth-a': 2, 'depth-b': 0 });

    // A worker takes the two that are due; the one an hour away stays out of the count.
    const done: number[] = [];
    await jobs.work<{ n: number }>('depth-a', async ({ n }) => void done.push(n));
    await expect.poll(() => jobs.depth(), { timeout: 5000 }).toEqual({ 'depth-a': 0, 'depth-b': 0 });
    expect(done.sort()).toEqual([1, 2]);
  });
});
