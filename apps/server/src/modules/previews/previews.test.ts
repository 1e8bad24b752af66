import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products, runs, trips, users, wantedPosts } from '../../db/schema';
import { createLocalStorage } from '../../lib/storage';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createUser } from '../../test/factories';
import { multipartBody, noisyImage } from '../../test/images';

/**
 * Link previews as the robots see them: the pages /products/{id}, /trips/{id} and /runs/{id} fetched
 * with WhatsApp's and Facebook's User-Agent, their tags parsed; the image they name; and what
 * anything that does not preview answers.
 */

const WHATSAPP = 'WhatsApp/2.23.20.0 A';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const ROBOTS = [
  ['WhatsApp', WHATSAPP],
  ['Facebook', FACEBOOK],
] as const;
const PERSON =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const SITE = 'https://campusrun.example';
const CAMPUS = 'Vellore Institute of Technology';
const HOUR = 3_600_000;

const SHELL =
  '<!doctype html><html><head><title>CampusRun</title></head><body><div id="root"></div></body></html>';

/** A web build with the app shell and the three pages that preview among its routes. */
function writeWebBuild(dir: string) {
  mkdirSync(path.join(dir, 'pages'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'pages', 'app.html'), SHELL);
  writeFileSync(
    path.join(dir, 'pages', 'not-found.html'),
    SHELL.replace('<div id="root">', '<div id="root">Page Not Found'),
  );
  writeFileSync(
    path.join(dir, 'pages', 'manifest.json'),
    JSON.stringify({
      app: 'app.html',
      notFound: 'not-found.html',
      pages: {},
      routes: ['/', '/products/:id', '/trips/:id', '/runs/:id', '/wanted/:id', '/trips/new'],
    }),
  );
}

/** Every `<meta property|name="…" content="…">` of a page, by its key. */
function tagsOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    tags[key!] = value!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  return tags;
}

let t: TestApp;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-previews-'));
type User = Awaited<ReturnType<typeof createUser>>;
let seller: User;
let runner: User;
let starter: User;

/** What of the members must never be in a preview, whoever asks. */
const personal = () => [
  seller.name,
  seller.email,
  seller.phoneNumber,
  seller.id,
  'Kaveri Block',
  'K-417',
  runner.name,
  runner.email,
  starter.name,
  starter.email,
  'Block A',
  '9876543210',
  '98765 43210',
  'Hostel gate',
  'Block C, room 12',
  'Bananas',
];

const page = (url: string, agent: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': agent } });
const imageAt = (url: string) => t.app.inject({ method: 'GET', url: url.replace(SITE, '') });

beforeAll(async () => {
  writeWebBuild(webDir);
  t = await buildTestApp({ webDistDir: webDir, campusName: CAMPUS, publicUrl: SITE });
  seller = await createUser(t.db, { role: 'hosteller', name: 'Sita Seller' });
  await t.db
    .update(users)
    .set({ hostelBlock: 'Kaveri Block', roomNumber: 'K-417' })
    .where(eq(users.id, seller.id));
  runner = await createUser(t.db, { role: 'dayscholar', name: 'Dev Kumar' });
  starter = await createUser(t.db, { role: 'hosteller', name: 'Hema Starter' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** A product whose first photo is a real file (a tall phone photo), the second another. */
async function productWithPhoto(opts: Partial<Parameters<typeof createProduct>[1]> = {}) {
  const product = await createProduct(t.db, {
    seller,
    name: 'Lady Bird cycle',
    price: 2800,
    description: 'Blue, two years old. Call 98765 43210 or mail sita@example.edu. Pick up near the library.',
    images: 2,
    ...opts,
  });
  const [first] = await t.db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, product.id))
    .orderBy(productImages.position);
  const storage = createLocalStorage(path.join(t.config.dataDir, 'uploads'));
  await storage.put(
    first!.path,
    await sharp(await noisyImage(600, 900))
      .webp()
      .toBuffer(),
    'image/webp',
  );
  return product;
}

describe('a product', () => {
  it.each(ROBOTS)('previews to %s: name and price, campus, one line, its photo', async (_, agent) => {
    const product = await productWithPhoto();
    const res = await page(`/products/${product.id}`, agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.vary).toMatch(/user-agent/i);
    const tags = tagsOf(res.body);
    expect(tags['og:title']).toBe('Lady Bird cycle — ₹2,800');
    expect(tags['twitter:title']).toBe('Lady Bird cycle — ₹2,800');
    expect(tags['og:description']).toBe(
      `${CAMPUS} · Blue, two years old. Call ••• or mail •••. Pick up near the library.`,
    );
    expect(tags['og:site_name']).toBe('CampusRun');
    expect(tags['og:type']).toBe('website');
    expect(tags['og:url']).toBe(`${SITE}/products/${product.id}`);
    expect(tags['og:image']).toMatch(
      new RegExp(`^${SITE}/api/previews/products/${product.id}/image\\?v=[\\w-]+$`),
    );
    expect(tags['twitter:image']).toBe(tags['og:image']);
    expect(tags['og:image:width']).toBe('1200');
    expect(tags['og:image:height']).toBe('630');
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(res.body).toContain('<title>Lady Bird cycle — ₹2,800 · CampusRun</title>');

    const image = await imageAt(tags['og:image']!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('public, max-age=300');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('shows nothing personal: no name, e-mail, phone, hostel or room, not even in the description', async () => {
    const product = await productWithPhoto();
    for (const [, agent] of ROBOTS) {
      const html = (await page(`/products/${product.id}`, agent)).body;
      for (const secret of personal()) expect(html, `${secret} leaked`).not.toContain(secret);
      expect(html).not.toContain('sita@example.edu');
    }
  });

  it('a product without a photo previews with a generated card', async () => {
    const product = await createProduct(t.db, {
      seller,
      name: 'Casio fx-991 calculator',
      price: 650,
      images: 0,
    });
    const tags = tagsOf((await page(`/products/${product.id}`, WHATSAPP)).body);
    const image = await imageAt(tags['og:image']!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    writeFileSync(path.join(os.tmpdir(), 'campusrun-preview-product-card.png'), image.rawPayload);
  });

  it('a sold product still previews, and says so', async () => {
    const product = await productWithPhoto({ status: 'sold' });
    const tags = tagsOf((await page(`/products/${product.id}`, FACEBOOK)).body);
    expect(tags['og:title']).toBe('Lady Bird cycle — ₹2,800');
    expect(tags['og:description']).toMatch(/^Sold · /);
  });

  it('escapes what the seller wrote', async () => {
    const product = await createProduct(t.db, {
      seller,
      name: '"><script>alert(1)</script> & co',
      description: "It's <b>fine</b>",
      images: 0,
    });
    const res = await page(`/products/${product.id}`, WHATSAPP);
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<b>');
    expect(tagsOf(res.body)['og:title']).toBe('"><script>alert(1)</script> & co — ₹250');
    const image = await imageAt(tagsOf(res.body)['og:image']!);
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1200);
  });

  it('opens the app for a person: the app shell, as before, varying on the User-Agent', async () => {
    const product = await productWithPhoto();
    const res = await page(`/products/${product.id}`, PERSON);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers.vary).toMatch(/user-agent/i);
    expect(res.body).not.toContain('og:title');
    // A person's cached shell is still revalidated as before.
    const again = await t.app.inject({
      method: 'GET',
      url: `/products/${product.id}`,
      headers: { 'user-agent': PERSON, 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // A robot asking with the shell's tag still gets its own page.
    const robot = await t.app.inject({
      method: 'GET',
      url: `/products/${product.id}`,
      headers: { 'user-agent': FACEBOOK, 'if-none-match': String(res.headers.etag) },
    });
    expect(robot.statusCode).toBe(200);
    expect(robot.headers.etag).toBeUndefined();
    expect(tagsOf(robot.body)['og:title']).toBe('Lady Bird cycle — ₹2,800');
  });

  it('other pages do not vary on the User-Agent', async () => {
    const res = await page('/', PERSON);
    expect(res.headers.vary).not.toMatch(/user-agent/i);
    expect(tagsOf((await page('/', WHATSAPP)).body)['og:title']).toBeUndefined();
  });
});

describe('what does not preview', () => {
  /** The page a robot gets for something that does not preview, and its image. */
  async function generic(url: string, imageUrl: string) {
    for (const [, agent] of ROBOTS) {
      const res = await page(url, agent);
      // What a person gets for that address too: the app shell's status.
      expect(res.statusCode).toBe((await page(url, PERSON)).statusCode);
      const tags = tagsOf(res.body);
      expect(tags['og:title']).toBe('CampusRun');
      expect(tags['og:image']).toBeUndefined();
      expect(tags['twitter:image']).toBeUndefined();
      expect(res.body).not.toContain('/api/previews/');
      for (const secret of ['Lady Bird', '₹', ...personal()]) expect(res.body).not.toContain(secret);
    }
    const image = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(404);
    expect(image.headers['cache-control']).toBe('no-store');
    return (await page(url, WHATSAPP)).body;
  }

  it('a removed, held, expired or suspended seller’s product previews as the app only, like an unknown one', async () => {
    const unknown = randomUUID();
    const reference = await generic(`/products/${unknown}`, `/api/previews/products/${unknown}/image`);

    const removed = await productWithPhoto();
    await t.db.update(products).set({ moderation: 'removed' }).where(eq(products.id, removed.id));
    const held = await productWithPhoto();
    await t.db.update(products).set({ moderation: 'held' }).where(eq(products.id, held.id));
    const expired = await productWithPhoto();
    await t.db
      .update(products)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(products.id, expired.id));
    for (const product of [removed, held, expired]) {
      const html = await generic(`/products/${product.id}`, `/api/previews/products/${product.id}/image`);
      // Nothing tells it apart from an id that names nothing.
      expect(html).toBe(reference);
    }

    const shown = await productWithPhoto();
    const before = tagsOf((await page(`/products/${shown.id}`, WHATSAPP)).body)['og:image']!;
    expect((await imageAt(before)).statusCode).toBe(200);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, seller.id));
    try {
      expect(await generic(`/products/${shown.id}`, before.replace(SITE, ''))).toBe(reference);
    } finally {
      await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, seller.id));
    }
  });

  it('a malformed id or another address of the kind previews as the app only', async () => {
    const reference = await generic(
      `/products/${randomUUID()}`,
      `/api/previews/products/${randomUUID()}/image`,
    );
    expect(await generic('/products/not-an-id', '/api/previews/products/not-an-id/image')).toBe(reference);
    expect(await generic('/trips/new', `/api/previews/wanted/${randomUUID()}/image`)).toBe(reference);
  });
});

describe('a trip', () => {
  async function tripOf(opts: Partial<typeof trips.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(trips)
      .values({
        runnerId: runner.id,
        from: 'Katpadi',
        cutoffAt: new Date(Date.now() + HOUR),
        arriveAt: new Date(Date.now() + 2 * HOUR),
        capacity: 3,
        note: 'Call me on 9876543210, I park at the Hostel gate',
        ...opts,
      })
      .returning();
    return row!;
  }

  it.each(ROBOTS)(
    'previews to %s: where from and when, on a card, nothing of its runner',
    async (_, agent) => {
      const trip = await tripOf();
      const res = await page(`/trips/${trip.id}`, agent);
      const tags = tagsOf(res.body);
      expect(tags['og:title']).toBe('Trip from Katpadi');
      expect(tags['og:description']).toMatch(
        /^Arrives \d{1,2}:\d\d [ap]m, \w{3} \d{1,2} \w{3} · add requests by .+ · Vellore Institute of Technology$/,
      );
      expect(tags['og:url']).toBe(`${SITE}/trips/${trip.id}`);
      for (const secret of personal()) expect(res.body, `${secret} leaked`).not.toContain(secret);
      const image = await imageAt(tags['og:image']!);
      expect(image.headers['content-type']).toBe('image/png');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 630]);
      writeFileSync(path.join(os.tmpdir(), 'campusrun-preview-trip-card.png'), image.rawPayload);
    },
  );

  it('a cancelled trip, one that has arrived, or a suspended runner’s previews as the app only', async () => {
    const cancelled = await tripOf({ status: 'cancelled' });
    const past = await tripOf({
      cutoffAt: new Date(Date.now() - 2 * HOUR),
      arriveAt: new Date(Date.now() - HOUR),
    });
    for (const trip of [cancelled, past]) {
      const tags = tagsOf((await page(`/trips/${trip.id}`, WHATSAPP)).body);
      expect(tags['og:title']).toBe('CampusRun');
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/previews/trips/${trip.id}/image` })).statusCode,
      ).toBe(404);
    }
    const live = await tripOf();
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, runner.id));
    try {
      expect(tagsOf((await page(`/trips/${live.id}`, FACEBOOK)).body)['og:title']).toBe('CampusRun');
    } finally {
      await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, runner.id));
    }
  });
});

describe('a shared run', () => {
  /** A run of a new starter's (a hosteller has at most two open at a time). */
  async function startRun() {
    starter = await createUser(t.db, { role: 'hosteller', name: 'Hema Starter' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/runs',
      headers: await authAs(t, starter),
      payload: {
        pickupFrom: 'Katpadi market',
        cutoffAt: new Date(Date.now() + HOUR).toISOString(),
        deadline: new Date(Date.now() + 3 * HOUR).toISOString(),
        totalFee: 80,
        item: { itemName: 'Bananas', quantity: 2, deliveryLocation: 'Block C, room 12' },
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ run: { id: string } }>().run;
  }

  it.each(ROBOTS)('previews to %s: where to, until when to join, the fee; no one in it', async (_, agent) => {
    const run = await startRun();
    const res = await page(`/runs/${run.id}`, agent);
    const tags = tagsOf(res.body);
    expect(tags['og:title']).toBe('Shared run to Katpadi market');
    expect(tags['og:description']).toMatch(
      /^Join by .+ · ₹80 delivery fee, split between everyone in it · Vellore Institute of Technology$/,
    );
    for (const secret of personal()) expect(res.body, `${secret} leaked`).not.toContain(secret);
    const image = await imageAt(tags['og:image']!);
    const meta = await sharp(image.rawPayload).metadata();
    expect([image.headers['content-type'], meta.width, meta.height]).toEqual(['image/png', 1200, 630]);
    writeFileSync(path.join(os.tmpdir(), 'campusrun-preview-run-card.png'), image.rawPayload);
  });

  it('a cancelled or accepted run previews as the app only', async () => {
    for (const status of ['cancelled', 'accepted'] as const) {
      const run = await startRun();
      await t.db.update(runs).set({ status }).where(eq(runs.id, run.id));
      expect(tagsOf((await page(`/runs/${run.id}`, WHATSAPP)).body)['og:title']).toBe('CampusRun');
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/previews/runs/${run.id}/image` })).statusCode,
      ).toBe(404);
    }
  });
});

describe('a wanted post', () => {
  async function postWanted() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wanted',
      headers: await authAs(t, seller),
      payload: {
        title: 'Casio fx-991EX',
        details: 'Call me on 98765 43210 or sita@upi, for the maths exam',
        category: 'electronics',
        maxPrice: 800,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ post: { id: string } }>().post;
  }

  it.each(ROBOTS)(
    'previews to %s: what is wanted and up to what price; nobody, no contact',
    async (_, agent) => {
      const post = await postWanted();
      const res = await page(`/wanted/${post.id}`, agent);
      const tags = tagsOf(res.body);
      expect(tags['og:title']).toBe('Wanted: Casio fx-991EX — up to ₹800');
      expect(tags['og:description']).toBe(
        'Vellore Institute of Technology · Call me on ••• or •••, for the maths exam',
      );
      for (const secret of personal()) expect(res.body, `${secret} leaked`).not.toContain(secret);
      const image = await imageAt(tags['og:image']!);
      const meta = await sharp(image.rawPayload).metadata();
      expect([image.headers['content-type'], meta.width, meta.height]).toEqual(['image/png', 1200, 630]);
      writeFileSync(path.join(os.tmpdir(), 'campusrun-preview-wanted-card.png'), image.rawPayload);
    },
  );

  it('a wanted post with a photo previews with the photo', async () => {
    const post = await postWanted();
    const body = multipartBody({}, [
      { field: 'photo', filename: 'casio.jpg', contentType: 'image/jpeg', data: await noisyImage(900, 700) },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/wanted/${post.id}/photo`,
      headers: { ...(await authAs(t, seller)), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tags = tagsOf((await page(`/wanted/${post.id}`, WHATSAPP)).body);
    expect(tags['og:image:alt']).toBe('Photo of Casio fx-991EX, wanted');
    const image = await imageAt(tags['og:image']!);
    const meta = await sharp(image.rawPayload).metadata();
    expect([image.headers['content-type'], meta.format, meta.width, meta.height]).toEqual([
      'image/jpeg',
      'jpeg',
      1200,
      630,
    ]);
  });

  it('a closed or expired wanted post previews as the app only', async () => {
    for (const change of [{ status: 'closed' as const }, { expiresAt: new Date(Date.now() - HOUR) }]) {
      const post = await postWanted();
      await t.db.update(wantedPosts).set(change).where(eq(wantedPosts.id, post.id));
      expect(tagsOf((await page(`/wanted/${post.id}`, WHATSAPP)).body)['og:title']).toBe('CampusRun');
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/previews/wanted/${post.id}/image` })).statusCode,
      ).toBe(404);
    }
  });
});

describe('the preview image route', () => {
  it('needs no sign-in, and answers the same image again from what it kept', async () => {
    const product = await productWithPhoto();
    const url = tagsOf((await page(`/products/${product.id}`, WHATSAPP)).body)['og:image']!;
    const first = await imageAt(url);
    const second = await imageAt(url);
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('is named by what it shows: a new first photo gets a new address', async () => {
    const product = await productWithPhoto();
    const before = tagsOf((await page(`/products/${product.id}`, WHATSAPP)).body)['og:image'];
    await t.db.delete(productImages).where(eq(productImages.productId, product.id));
    const after = tagsOf((await page(`/products/${product.id}`, WHATSAPP)).body)['og:image'];
    expect(after).not.toBe(before);
  });
});
