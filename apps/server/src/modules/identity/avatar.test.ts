import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MESSAGES, PRODUCT_MESSAGES, type User } from '@campusrun/shared';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createUser } from '../../test/factories';
import { bombPng, multipartBody, noisyImage, pngImage, type FormFile } from '../../test/images';
import { ownAvatarKey } from './avatar.service';

let t: TestApp;
let uploads: string;
type Headers = Record<string, string>;

beforeAll(async () => {
  // The page cache on: a product page shows its seller's avatar.
  t = await buildTestApp({ pageCacheEntries: 100, requestSweepSeconds: 0 });
  uploads = path.join(t.config.dataDir, 'uploads');
}, 60_000);
afterAll(() => t?.close());

async function signedIn(name = 'Avi Avatar') {
  const user = await createUser(t.db, { role: 'hosteller', name });
  return { user, headers: await authAs(t, user) };
}

const file = (data: Buffer, filename = 'me.png', contentType = 'image/png'): FormFile => ({
  field: 'avatar',
  filename,
  contentType,
  data,
});
const upload = (headers: Headers, files: FormFile[]) => {
  const body = multipartBody({}, files);
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/avatar',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const remove = (headers: Headers) => t.app.inject({ method: 'DELETE', url: '/api/users/avatar', headers });
const me = async (headers: Headers): Promise<User> =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().user;

const diskPath = (url: string) => path.join(uploads, url.replace(/^\/uploads\//, ''));
const avatarFiles = () =>
  existsSync(path.join(uploads, 'avatars')) ? readdirSync(path.join(uploads, 'avatars')).sort() : [];

/** A landscape JPEG, left half red and right half blue, EXIF orientation 6 (shown portrait), GPS. */
const phonePhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: 600, height: 900, channels: 3, background: '#0000ff' } },
        left: 600,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Leaky 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 1/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 2/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe('PUT /api/users/avatar', () => {
  it('needs a session', async () => {
    const res = await upload({}, [file(await pngImage(64, 64))]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Please login first',
      code: 'UNAUTHORIZED',
      reason: 'unauthorized',
    });
  });

  it('stores a phone photo as an upright 256 × 256 WebP without EXIF, and answers the user', async () => {
    const { user, headers } = await signedIn();
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload(headers, [file(photo, 'IMG_0001.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(AVATAR_MESSAGES.updated);
    expect(body.user).toMatchObject({ id: user.id, name: 'Avi Avatar', email: user.email });
    expect(body.user.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(body.user).not.toHaveProperty('passwordHash');

    const stored = readFileSync(diskPath(body.user.avatar));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('TestPhone'))).toBe(false);
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    // Orientation 6 turns the red left half to the top: upright, then centre-cropped.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3)];
    expect(pixel(128, 10)[0]).toBeGreaterThan(200);
    expect(pixel(128, 245)[2]).toBeGreaterThan(200);

    // Served like product photos, and what the account shows from now on.
    const served = await t.app.inject({ method: 'GET', url: body.user.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await me(headers)).avatar).toBe(body.user.avatar);
  });

  it('refuses a file that is not an image, whatever its name says, with 415', async () => {
    const { headers } = await signedIn();
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const f of [
      file(Buffer.from('just some text'), 'notes.txt', 'text/plain'),
      file(fake, 'photo.png', 'image/png'),
    ]) {
      const res = await upload(headers, [f]);
      expect([res.statusCode, res.json().message]).toEqual([415, PRODUCT_MESSAGES.imageType]);
    }
    expect((await me(headers)).avatar).toBeNull();
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { headers } = await signedIn();
    const big = await noisyImage(1800, 1800, 'png');
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await upload(headers, [file(big)]);
    expect([res.statusCode, res.json().message]).toEqual([413, AVATAR_MESSAGES.imageTooLarge]);
    expect((await me(headers)).avatar).toBeNull();
  });

  it('refuses an avatar over 12 megapixels (6300 × 6300, 5000 × 5000) from its header, quickly, with 413', async () => {
    const { headers } = await signedIn();
    for (const side of [6300, 5000]) {
      const started = performance.now();
      const res = await upload(headers, [file(bombPng(side, side))]);
      expect([side, res.statusCode, res.json().message]).toEqual([side, 413, AVATAR_MESSAGES.imagePixels]);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect((await me(headers)).avatar).toBeNull();
  });

  it('answers 400 without a file and 415 to a JSON body', async () => {
    const { headers } = await signedIn();
    const empty = await upload(headers, []);
    expect([empty.statusCode, empty.json().message]).toEqual([400, AVATAR_MESSAGES.imageRequired]);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/users/avatar',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
  });

  it('removes the old file when a new photo replaces it', async () => {
    const { headers } = await signedIn();
    const first = (await upload(headers, [file(await pngImage(300, 200))])).json().user.avatar;
    expect(existsSync(diskPath(first))).toBe(true);
    const res = await upload(headers, [file(await pngImage(200, 300, '#22aa22'))]);
    expect(res.statusCode).toBe(200);
    const second = res.json().user.avatar;
    expect(second).not.toBe(first);
    expect(existsSync(diskPath(first))).toBe(false);
    expect(existsSync(diskPath(second))).toBe(true);
  });

  it('replaces a picture from another site without trying to delete it', async () => {
    const { user, headers } = await signedIn();
    const google = 'https://lh3.googleusercontent.com/a/photo=s96-c';
    await t.db.update(users).set({ avatar: google }).where(eq(users.id, user.id));
    const before = avatarFiles();
    const res = await upload(headers, [file(await pngImage(64, 64))]);
    expect(res.statusCode).toBe(200);
    expect(avatarFiles()).toHaveLength(before.length + 1);
  });
});

describe('DELETE /api/users/avatar', () => {
  it('needs a session', async () => {
    expect((await remove({})).statusCode).toBe(401);
  });

  it('clears the avatar and removes its file', async () => {
    const { headers } = await signedIn();
    const avatar = (await upload(headers, [file(await pngImage(64, 64))])).json().user.avatar;
    const res = await remove(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: AVATAR_MESSAGES.removed, user: { avatar: null } });
    expect(existsSync(diskPath(avatar))).toBe(false);
    expect((await me(headers)).avatar).toBeNull();
    // Nothing to remove is not an error.
    expect((await remove(headers)).statusCode).toBe(200);
  });

  it("forgets another site's picture", async () => {
    const { user, headers } = await signedIn();
    await t.db
      .update(users)
      .set({ avatar: 'https://lh3.googleusercontent.com/a/x' })
      .where(eq(users.id, user.id));
    const res = await remove(headers);
    expect(res.json().user.avatar).toBeNull();
  });
});

describe('an avatar change on shared pages', () => {
  it("shows at once on a cached product page as the seller's avatar", async () => {
    const seller = await signedIn('Sita Seller');
    const buyer = await signedIn('Bala Buyer');
    const product = await createProduct(t.db, { seller: seller.user });
    const page = () =>
      t.app.inject({ method: 'GET', url: `/api/products/${product.id}`, headers: buyer.headers });
    expect((await page()).json().product.seller.avatar).toBeNull();

    const avatar = (await upload(seller.headers, [file(await pngImage(64, 64))])).json().user.avatar;
    expect((await page()).json().product.seller.avatar).toBe(avatar);
    await remove(seller.headers);
    expect((await page()).json().product.seller.avatar).toBeNull();
  });
});

describe('ownAvatarKey', () => {
  it.each([
    [
      '/uploads/avatars/0123456789abcdef0123456789abcdef.webp',
      'avatars/0123456789abcdef0123456789abcdef.webp',
    ],
    ['/uploads/products/0123456789abcdef0123456789abcdef.webp', undefined],
    ['/uploads/avatars/../products/x.webp', undefined],
    ['https://lh3.googleusercontent.com/a/x', undefined],
    ['https://example.com/uploads/avatars/0123456789abcdef0123456789abcdef.webp', undefined],
    [null, undefined],
  ])('%s → %s', (avatar, key) => {
    expect(ownAvatarKey(avatar)).toBe(key);
  });
});
