import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { listProductViaApi, seedUser, signIn } from './fixtures';

/**
 * A shared link as the chat apps' robots fetch it: the built app and the server, the page fetched
 * with WhatsApp's and Facebook's User-Agent, its tags read, its image loaded; the same address still
 * opens the app for a person, and Share sends the name and price (docs/product.md#link-previews).
 */

const ROBOTS = {
  WhatsApp: 'WhatsApp/2.23.20.0 A',
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
};

/** The Open Graph and Twitter tags of the page at `path`, as a robot with `agent` reads them. */
async function previewOf(request: APIRequestContext, path: string, agent: string) {
  const res = await request.get(path, { headers: { 'user-agent': agent } });
  expect(res.status()).toBe(200);
  expect(res.headers().vary).toMatch(/user-agent/i);
  const html = await res.text();
  const tags: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    tags[key!] = value!
      .replace(/&amp;/g, '&')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"');
  return { html, tags };
}

/** The image a preview names, loaded as the robot would: no sign-in. */
async function imageOf(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  const meta = await sharp(await res.body()).metadata();
  return { type: res.headers()['content-type'], width: meta.width, height: meta.height };
}

test('a shared product previews to WhatsApp and Facebook, still opens the app, and Share sends its price', async ({
  browser,
  request,
  baseURL,
}) => {
  const seller = await seedUser(request, 'hosteller', 'Priya Previewseller');
  const name = `Study lamp ${Date.now().toString(36)}`;
  const id = await listProductViaApi(request, seller, {
    name,
    price: '450',
    description: 'Warm light, two brightness levels. Call 98765 43210.',
  });

  for (const [robot, agent] of Object.entries(ROBOTS)) {
    const { html, tags } = await previewOf(request, `/products/${id}`, agent);
    expect(tags['og:title'], robot).toBe(`${name} — ₹450`);
    expect(tags['og:description'], robot).toMatch(/ · Warm light, two brightness levels\. Call •••\.$/);
    expect(tags['og:url']).toBe(`${baseURL}/products/${id}`);
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect([tags['og:image:width'], tags['og:image:height']]).toEqual(['1200', '630']);
    expect(tags['og:image']).toMatch(new RegExp(`^${baseURL}/api/previews/products/${id}/image\\?v=`));
    for (const personal of [seller.name, seller.email, '9876543210', 'Block B'])
      expect(html).not.toContain(personal);
    expect(await imageOf(request, tags['og:image']!)).toEqual({
      type: 'image/jpeg',
      width: 1200,
      height: 630,
    });
  }

  // An id that names nothing previews as the app alone.
  const nothing = await previewOf(request, '/products/3f8a2c1e-0b7d-4e5f-9a6b-123456789abc', ROBOTS.WhatsApp);
  expect(nothing.tags['og:title']).toBe('CampusRun');
  expect(nothing.tags['og:image']).toBeUndefined();

  // A person who taps the link gets the app: a member sees the product; Share sends name and price.
  const buyer = await seedUser(request, 'hosteller', 'Bala Buyer');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    (window as unknown as { shared: ShareData[] }).shared = shared;
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => void shared.push(data),
    });
  });
  await signIn(page, buyer);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  await page.goto(`/products/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ title: name, text: `${name} — ₹450`, url: `${baseURL}/products/${id}` }]);
  await context.close();
});

test('a shared trip previews with a generated card and nothing of its runner', async ({ request }) => {
  const runner = await seedUser(request, 'dayscholar', 'Divya Previewrunner');
  const hour = 3_600_000;
  const posted = await request.post('/api/trips', {
    headers: { Authorization: `Bearer ${runner.token}` },
    data: {
      from: 'Katpadi',
      arriveAt: new Date(Date.now() + 3 * hour).toISOString(),
      cutoffAt: new Date(Date.now() + 2 * hour).toISOString(),
      capacity: 3,
      note: 'Call me on 9876543210',
    },
  });
  expect(posted.status()).toBe(201);
  const trip = ((await posted.json()) as { trip: { id: string } }).trip.id;

  for (const agent of Object.values(ROBOTS)) {
    const { html, tags } = await previewOf(request, `/trips/${trip}`, agent);
    expect(tags['og:title']).toBe('Trip from Katpadi');
    expect(tags['og:description']).toMatch(/^Arrives .+ · add requests by .+ · /);
    for (const personal of [runner.name, runner.email, '9876543210']) expect(html).not.toContain(personal);
    expect(await imageOf(request, tags['og:image']!)).toEqual({
      type: 'image/png',
      width: 1200,
      height: 630,
    });
  }
});
