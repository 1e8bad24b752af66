import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { tempDataDir } from '../test/global-setup';
import { expectPrivate } from '../test/private-modes';
import { startS3TestServer } from '../test/s3-server';
import { createLocalStorage, newStorageKey, uploadsRoutes, type Storage } from './storage';
import { createUploadLinks } from './upload-links';
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
      prefix: '',
    });
    expect(storage.url('products/ab.webp')).toBe('https://cdn.example.edu/photos/products/ab.webp');
  });

  it('puts S3_PREFIX into public URLs, and keeps /uploads/<key> without one', () => {
    const s3 = { bucket: 'b', region: 'us-east-1', forcePathStyle: true, prefix: 'north/campus' };
    expect(createS3Storage({ ...s3, publicUrl: 'https://cdn.example.edu' }).url('products/ab.webp')).toBe(
      'https://cdn.example.edu/north/campus/products/ab.webp',
    );
    expect(createS3Storage(s3).url('products/ab.webp')).toBe('/uploads/products/ab.webp');
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

describe('local disk storage', () => {
  const dataDir = tempDataDir('campusrun-uploads-');
  const root = path.join(dataDir, 'uploads');
  const storage = createLocalStorage(root);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finding 5: stores photos as 0600 files in 0700 folders that another account cannot read', async () => {
    await storage.put(`${newStorageKey('products')}.webp`, Buffer.from('photo'), 'image/webp');
    await storage.put(`${newStorageKey('chat')}.webp`, Buffer.from('private photo'), 'image/webp');
    expectPrivate(root);
  });

  it('finding 6: a symbolic link planted under uploads is never served, listed or followed: 404', async () => {
    // Links to a system file, to the server's secret, and a folder that is a link.
    const secret = path.join(dataDir, 'jwt-secret');
    writeFileSync(secret, 'the signing secret', { mode: 0o600 });
    mkdirSync(path.join(root, 'products'), { recursive: true });
    const toPasswd = `products/${'ab'.repeat(16)}.webp`;
    const toSecret = `products/${'cd'.repeat(16)}.png`;
    symlinkSync('/etc/passwd', path.join(root, toPasswd));
    symlinkSync(secret, path.join(root, toSecret));
    mkdirSync(path.join(dataDir, 'elsewhere'));
    writeFileSync(path.join(dataDir, 'elsewhere', `${'ef'.repeat(16)}.webp`), 'outside uploads');
    symlinkSync(path.join(dataDir, 'elsewhere'), path.join(root, 'linked'));
    const viaFolder = `linked/${'ef'.repeat(16)}.webp`;
    // The control: a real file beside them is served.
    const real = `${newStorageKey('products')}.webp`;
    await storage.put(real, Buffer.from('a real photo'), 'image/webp');

    const app = Fastify();
    await app.register(uploadsRoutes(storage, createUploadLinks(['x'.repeat(40)])));
    try {
      expect((await app.inject({ url: `/uploads/${real}` })).body).toBe('a real photo');
      for (const key of [toPasswd, toSecret, viaFolder]) {
        const res = await app.inject({ url: `/uploads/${key}` });
        expect(res.statusCode, key).toBe(404);
        expect(res.json()).toMatchObject({ reason: expect.any(String), message: 'Not found' });
        expect(res.body).not.toMatch(/root:|signing secret|outside uploads/);
        expect(await storage.get(key)).toBeUndefined();
      }
    } finally {
      await app.close();
    }
    const listed = await collect(storage, '');
    for (const key of [toPasswd, toSecret, viaFolder]) expect(listed).not.toContain(key);
    expect(await collect(storage, 'linked/')).toEqual([]);
  });
});
