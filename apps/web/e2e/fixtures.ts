import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import sharp from 'sharp';
import { expect, type APIRequestContext, type Locator, type Page, type WebSocket } from '@playwright/test';

export const PASSWORD = 'e2e-password-1';
export const DOMAIN = 'example.edu';

let counter = 0;
/** Unique across the run: specs run in several worker processes at once, each with its own counter. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}w${process.env.TEST_WORKER_INDEX ?? '0'}n${(counter++).toString(36)}@${DOMAIN}`;

interface Mail {
  to: string[];
  subject: string;
  body: string;
}

/** Waits for the count-th mail to `to` whose subject matches, as delivered over SMTP to the sink. */
export async function waitForMail(to: string, subject: RegExp, count = 1): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail)
      .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to} matching ${subject} in ${dir}: ${readdirSync(dir).length} mails`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function readOtp(email: string, count = 1) {
  const mail = await waitForMail(email, /verification code/, count);
  return /verification code: (\d{6})/.exec(mail.subject)![1]!;
}

export interface SeededUser {
  email: string;
  password: string;
  name: string;
  role: 'hosteller' | 'dayscholar';
  token: string;
  id: string;
}

/** Registers and verifies a user through the API, as the sign-up screens would. */
export async function seedUser(
  request: APIRequestContext,
  role: 'hosteller' | 'dayscholar',
  name = role === 'hosteller' ? 'Hari Hosteller' : 'Divya Dayscholar',
  email = uniqueEmail(role),
): Promise<SeededUser> {
  const reg = await request.post('/api/auth/register', {
    data: {
      name,
      email,
      password: PASSWORD,
      phoneNumber: '9876543210',
      role,
      ...(role === 'hosteller' ? { hostelBlock: 'Block B', roomNumber: '12' } : {}),
    },
  });
  expect(reg.status()).toBe(201);
  const otp = await readOtp(email);
  expect((await request.post('/api/auth/verify-otp', { data: { email, otp } })).status()).toBe(200);
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as { token: string; user: { id: string } };
  return { email, password: PASSWORD, name, role, token: body.token, id: body.user.id };
}

/** Signs in through the login screen. */
export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * No serious or critical accessibility violation on the current screen, in both colour themes: it is
 * checked as shown, then with the other theme (the `dark` class on <html> flipped, as the theme
 * toggle does), then the theme is put back.
 */
export async function expectAccessible(page: Page) {
  // A dialog or menu that is still fading in would be measured at part opacity.
  await transitionsDone(page);
  // While checking, colours are their final ones at once: flipping the theme, or anything the screen
  // changes meanwhile, would otherwise be measured half-way through its colour transition.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  try {
    const html = page.locator('html');
    const dark = await html.evaluate((el) => el.classList.contains('dark'));
    await expectNoViolations(page, dark ? 'dark' : 'light');
    await setDarkClass(page, !dark);
    await expectNoViolations(page, dark ? 'light' : 'dark');
    await setDarkClass(page, dark);
  } finally {
    await still.evaluate((style) => style.remove()).catch(() => undefined);
  }
}

async function expectNoViolations(page: Page, theme: 'light' | 'dark') {
  expect(await axeViolations(page, ['serious', 'critical']), `accessibility in the ${theme} theme`).toEqual(
    [],
  );
}

/** The WCAG 2.0 and 2.1 level A and AA rules. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe finds wrong on the current screen, one readable line per rule: every rule, or only those
 * of `tags` (or only `rules`), and only the violations of the given impacts (all of them when none
 * are given). Axe's code is put into the page once per page load (a screen reached by the app's own
 * links keeps it), and axe reports violations only: building its list of everything that passed
 * cost as much as the checks.
 */
export async function axeViolations(
  page: Page,
  impacts?: readonly string[],
  tags?: readonly string[],
  rules?: readonly string[],
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const only = rules
    ? { type: 'rule', values: [...rules] }
    : tags
      ? { type: 'tag', values: [...tags] }
      : undefined;
  const violations = await page.evaluate(
    async (runOnly) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(document, {
          ...(runOnly ? { runOnly: runOnly as axe.RunOnly } : {}),
          resultTypes: ['violations'],
        })
      ).violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      })),
    only,
  );
  return violations
    .filter((v) => !impacts || impacts.includes(v.impact))
    .map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`);
}

/** Flips the theme class and waits for the colour transitions it starts, so axe reads final colours. */
async function setDarkClass(page: Page, dark: boolean) {
  await page.locator('html').evaluate((el, on) => el.classList.toggle('dark', on), dark);
  await transitionsDone(page);
}

/**
 * Waits for the CSS transitions running on the page (fades, colour changes) to end. The styles are
 * worked out first and a frame is let by: a class changed just now (the theme flipped, a dialog
 * closing) starts its transitions only then, and they would otherwise be missed.
 */
async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    void getComputedStyle(document.documentElement).color;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Lists a product through the API (multipart, one generated photo), as the sell screen would;
 * answers its id.
 */
export async function listProductViaApi(
  request: APIRequestContext,
  seller: SeededUser,
  fields: { name: string; description?: string; price?: string; category?: string; isNegotiable?: boolean },
) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#68a' } })
    .jpeg()
    .toBuffer();
  const res = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${seller.token}` },
    multipart: {
      name: fields.name,
      description: fields.description ?? 'Listed by an end-to-end test',
      price: fields.price ?? '300',
      category: fields.category ?? 'electronics',
      condition: 'good',
      ...(fields.isNegotiable ? { isNegotiable: 'true' } : {}),
      images: { name: 'item.jpg', mimeType: 'image/jpeg', buffer },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { product: { id: string } }).product.id;
}

/** Creates a request through the API as `user` (deadline in 5 hours); answers its id. */
export async function createRequestViaApi(
  request: APIRequestContext,
  user: SeededUser,
  itemName: string,
  price = 50,
  /** More fields of the request (an item cost, a pickup place). */
  extra: Record<string, unknown> = {},
) {
  const res = await request.post('/api/requests', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: {
      itemName,
      description: 'Seeded by the E2E test',
      quantity: 1,
      expectedPrice: price,
      deadline: new Date(Date.now() + 5 * 3_600_000).toISOString(),
      deliveryLocation: 'Block B gate',
      isUrgent: false,
      category: 'other',
      ...extra,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { request: { id: string } }).request.id;
}

/** A request call as `user` (PUT /api/requests/{id}/{action}); expects success. */
export async function actOnRequest(
  request: APIRequestContext,
  user: SeededUser,
  id: string,
  action: 'accept' | 'cancel' | 'deliver' | 'cancel-delivery',
) {
  const res = await request.put(`/api/requests/${id}/${action}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.status()).toBe(200);
}

/**
 * Watches the page's Socket.IO connections (call before the page opens one) so a test can wait until
 * the server has accepted the connection, or until the page has sent an event, before acting
 * elsewhere: the live updates it then expects cannot be lost to a race.
 */
export function trackSocket(page: Page) {
  const sent: string[] = [];
  const received: string[] = [];
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().includes('/socket.io/')) return;
    ws.on('framesent', ({ payload }) => void sent.push(String(payload)));
    ws.on('framereceived', ({ payload }) => void received.push(String(payload)));
  });
  return {
    /**
     * The server has accepted `count` connections of this page so far (Socket.IO CONNECT answered),
     * within `timeout` ms (a reconnection waits out the client's backoff, up to 5 s an attempt).
     */
    connected: (count = 1, timeout?: number) =>
      expect
        .poll(() => received.filter((f) => f.startsWith('40')).length, { timeout })
        .toBeGreaterThanOrEqual(count),
    /** The page has sent `event` at least `count` times. */
    sent: (event: string, count = 1) =>
      expect
        .poll(() => sent.filter((f) => f.startsWith(`42["${event}"`)).length)
        .toBeGreaterThanOrEqual(count),
  };
}

/** Holds the app's entry script back, as a slow phone network would, until the returned call. */
export async function holdTheCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    /\/assets\/index-[\w-]+\.js$/,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/** A datetime-local value `hours` from now (the browser runs in the same time zone as the test). */
export function localInput(hours: number) {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The element is drawn wholly inside the viewport as it is now (a phone's screen, the keyboard taken off). */
export async function expectOnScreen(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, 'drawn').not.toBeNull();
  expect(box!.x, 'its left is on screen').toBeGreaterThanOrEqual(0);
  expect(box!.y, 'its top is on screen').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'its right is on screen').toBeLessThanOrEqual(width);
  expect(box!.y + box!.height, 'its bottom is on screen').toBeLessThanOrEqual(height);
}
