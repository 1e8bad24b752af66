/**
 * Chat photos: only the two people of the conversation (and moderators) can load them, through a
 * signed link that expires; their decoding is bounded in size and in how often a user may upload.
 */
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, PRODUCT_MESSAGES } from '@campusrun/shared';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createS3Storage } from '../../lib/storage-s3';
import { createUploadLinks } from '../../lib/upload-links';
import { buildTestApp, createTestDatabase, testConfig, type TestApp } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';
import { bombPng, multipartBody, pngImage, type FormFile } from '../../test/images';
import { startS3TestServer } from '../../test/s3-server';

type Headers = Record<string, string>;
const SIGNED = /^\/uploads\/(chat\/[0-9a-f]{32}\.webp)\?exp=(\d+)&sig=([A-Za-z0-9_-]+)$/;

const photoForm = (receiverId: string, data: Buffer, filename = 'desk.png') =>
  multipartBody({ receiverId }, [{ field: 'photo', filename, contentType: 'image/png', data }]);
const sendPhoto = (app: App, headers: Headers, receiverId: string, data: Buffer) => {
  const form = photoForm(receiverId, data);
  return app.inject({
    method: 'POST',
    url: '/api/chat/photo',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
};
const keyOf = (url: string) => SIGNED.exec(url)![1]!;

describe('chat photo links', () => {
  let t: TestApp;
  let png: Buffer;
  let a: { id: string; h: Headers };
  let b: { id: string; h: Headers };
  let url: string;

  beforeAll(async () => {
    t = await buildTestApp();
    png = await pngImage(400, 300);
    const person = async (name: string) => {
      const user = await createUser(t.db, { role: 'hosteller', name });
      return { id: user.id, h: await authAs(t, user) };
    };
    a = await person('Anu Sender');
    b = await person('Bilal Receiver');
    const sent = await sendPhoto(t.app, a.h, b.id, png);
    expect(sent.statusCode).toBe(201);
    url = sent.json().message.image;
  });
  afterAll(() => t?.close());

  it("a participant's signed photo link serves the photo, cached privately until the link expires", async () => {
    expect(url).toMatch(SIGNED);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    // At least an hour, and never past the link's expiry.
    expect(maxAge).toBeGreaterThanOrEqual(3590);
    expect(maxAge).toBeLessThanOrEqual(Number(SIGNED.exec(url)![2]) - Math.floor(Date.now() / 1000) + 1);
    // The receiver's history carries a link to the same photo that works as well.
    const thread = await t.app.inject({ method: 'GET', url: `/api/chat/conversation/${a.id}`, headers: b.h });
    const image = thread.json().messages.at(-1).image as string;
    expect(keyOf(image)).toBe(keyOf(url));
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
  });

  it('refuses a chat photo path without a signature, with a tampered or foreign one, or once expired', async () => {
    const key = keyOf(url);
    const [, , exp, sig] = SIGNED.exec(url)!;
    const expired = createUploadLinks(t.config.jwtSecrets).url(key, Date.now() - 2 * 60 * 60 * 1000);
    const foreign = createUploadLinks(['another-secret-that-is-long-enough-for-signing']).url(key);
    const tampered = `${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      `/uploads/${key}`,
      `/uploads/${key}?exp=${exp}`,
      `/uploads/${key}?exp=${exp}&sig=${tampered}`,
      `/uploads/${key}?exp=${Number(exp) + 900}&sig=${sig}`,
      `/uploads/${key}?exp=${exp}&sig=${sig}&sig=${sig}`,
      `/uploads/chat/${'0'.repeat(32)}.webp?exp=${exp}&sig=${sig}`,
      expired,
      foreign,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect([bad, res.statusCode, res.json().message]).toEqual([bad, 403, CHAT_MESSAGES.photoLinkExpired]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a 6300 × 6300 chat photo from its header, before decoding it', async () => {
    const bomb = bombPng(6300, 6300); // about 40 megapixels of one colour in a few kilobytes
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const res = await sendPhoto(t.app, a.h, b.id, bomb);
    const took = performance.now() - started;
    expect([res.statusCode, res.json().message]).toEqual([413, CHAT_MESSAGES.photoPixels]);
    // Decoding it took about 2 s of CPU; reading its header takes milliseconds.
    expect(took).toBeLessThan(1000);
  });

  it("chat photos spend the product photos' upload budget", async () => {
    const user = await createUser(t.db, { role: 'hosteller', name: 'Uma Uploader' });
    const h = await authAs(t, user);
    const garbage = Buffer.from('not an image at all');
    // 60 uploads in 10 minutes, refused or not: decoding is what the budget guards.
    for (let i = 0; i < 60; i++) expect((await sendPhoto(t.app, h, b.id, garbage)).statusCode).not.toBe(429);
    const chat = await sendPhoto(t.app, h, b.id, png);
    expect(chat.statusCode).toBe(429);
    expect(chat.json().message).toMatch(/^Too many uploads\. Please try again in \d+ seconds\.$/);
    const form = multipartBody(
      { name: 'Desk lamp', description: 'Warm light', price: '350', category: 'electronics' },
      [{ field: 'images', filename: 'lamp.png', contentType: 'image/png', data: png } satisfies FormFile],
    );
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...h, ...form.headers },
      payload: form.payload,
    });
    expect(product.statusCode).toBe(429);
    expect(product.json().message).not.toBe(PRODUCT_MESSAGES.listed);
  });
});

describe('chat photos in a bucket with a public URL', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let database: Database;
  let app: App;
  let config: ReturnType<typeof testConfig> | undefined;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    database = await createTestDatabase();
    config = testConfig({ s3: { ...s3.config, publicUrl: 'https://cdn.example.edu/campusrun' } });
    app = await buildApp(config, database);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await s3?.close();
    if (config) rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('serves a chat photo through the server, signed, never from S3_PUBLIC_URL; removal deletes it from the bucket', async () => {
    const [sender, receiver] = await Promise.all([
      createUser(database.db, { role: 'hosteller', name: 'Sam Sender' }),
      createUser(database.db, { role: 'hosteller', name: 'Ria Receiver' }),
    ]);
    const sent = await sendPhoto(
      app,
      await authAs({ config: config!, db: database.db }, sender),
      receiver.id,
      await pngImage(),
    );
    expect(sent.statusCode).toBe(201);
    const url: string = sent.json().message.image;
    expect(url).toMatch(SIGNED);
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(await createS3Storage(s3.config).get(keyOf(url))).toBeDefined();
    expect((await app.inject({ method: 'GET', url: `/uploads/${keyOf(url)}` })).statusCode).toBe(403);

    // A moderator removes it: the object leaves the bucket and the link answers 404 at once.
    const receiverH = await authAs({ config: config!, db: database.db }, receiver);
    const report = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: receiverH,
      payload: { targetType: 'message', targetId: sent.json().message.id, reason: 'harassment' },
    });
    expect(report.statusCode).toBe(201);
    const mod = await createUser(database.db, { role: 'dayscholar', name: 'Mona Moderator' });
    await database.db.update(users).set({ isModerator: true }).where(eq(users.id, mod.id));
    const removed = await app.inject({
      method: 'PUT',
      url: `/api/moderation/reports/${report.json().report.id}`,
      headers: await authAs({ config: config!, db: database.db }, mod),
      payload: { action: 'remove', reason: 'Abusive photo' },
    });
    expect(removed.statusCode).toBe(200);
    expect(await createS3Storage(s3.config).get(keyOf(url))).toBeUndefined();
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
