import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer } from '../test/s3-server';
import { createLocalStorage, newStorageKey, type Storage } from './storage';
import { createS3Storage } from './storage-s3';

type Subject = { storage: Storage; close(): Promise<void> };

const implementations: Array<[string, () => Promise<Subject>]> = [
  [
    'local disk',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-storage-'));
      return { storage: createLocalStorage(dir), close: async () => rmSync(dir, { recursive: true }) };
    },
  ],
  [
    'S3 bucket',
    async () => {
      const s3 = await startS3TestServer();
      return { storage: createS3Storage(s3.config), close: () => s3.close() };
    },
  ],
];

async function collect(storage: Storage, prefix: string) {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

describe.each(implementations)('storage contract: %s', (_name, open) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await open();
  });
  afterAll(() => subject.close());

  it('gives back what was put, with size, type and time', async () => {
    const { storage } = subject;
    const key = `${newStorageKey('products')}.webp`;
    const before = Date.now();
    await storage.put(key, Buffer.from('RIFF-webp-bytes'), 'image/webp');
    const got = await storage.get(key);
    expect(got).toBeDefined();
    expect(await text(got!.body)).toBe('RIFF-webp-bytes');
    expect(got!.size).toBe(15);
    expect(got!.contentType).toBe('image/webp');
    expect(Math.abs(got!.lastModified.getTime() - before)).toBeLessThan(5000);
  });

  it('answers undefined for a key that holds nothing, and deleting it is no error', async () => {
    const { storage } = subject;
    const key = `${newStorageKey('products')}.webp`;
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('deletes, replaces, and lists by prefix', async () => {
    const { storage } = subject;
    const a = `${newStorageKey('listed')}.webp`;
    const b = `${newStorageKey('listed')}_thumb.webp`;
    await storage.put(a, Buffer.from('one'), 'image/webp');
    await storage.put(a, Buffer.from('two!'), 'image/webp');
    await storage.put(b, Buffer.from('three'), 'image/webp');
    expect(await text((await storage.get(a))!.body)).toBe('two!');
    expect(await collect(storage, 'listed/')).toEqual([a, b].sort());
    await storage.delete(a);
    expect(await storage.get(a)).toBeUndefined();
    expect(await collect(storage, 'listed/')).toEqual([b]);
    expect(await collect(storage, 'nothing-here/')).toEqual([]);
  });

  it('refuses keys that could leave its folder or bucket prefix', async () => {
    const { storage } = subject;
    for (const key of ['../etc/passwd.png', '/abs/x.webp', 'products/a.exe', 'products/../x.webp'])
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid storage key/);
  });

  it('is reachable, and gives /uploads/<key> as the URL', async () => {
    await expect(subject.storage.check()).resolves.toBeUndefined();
    expect(subject.storage.url('products/ab.webp')).toBe('/uploads/products/ab.webp');
  });
});

describe('S3 storage settings', () => {
  it('points image URLs at S3_PUBLIC_URL when set', () => {
    const storage = createS3Storage({
      bucket: 'b',
      region: 'us-east-1',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.edu/photos',
    });
    expect(storage.url('products/ab.webp')).toBe('https://cdn.example.edu/photos/products/ab.webp');
  });

  it('fails the reachability check for a bucket that does not exist', async () => {
    const s3 = await startS3TestServer();
    try {
      const storage = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
      await expect(storage.check()).rejects.toThrow();
    } finally {
      await s3.close();
    }
  });
});
