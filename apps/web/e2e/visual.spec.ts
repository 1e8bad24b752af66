import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  request as apiRequest,
  test,
} from '@playwright/test';
import sharp from 'sharp';
import {
  actOnRequest,
  axeViolations,
  createRequestViaApi,
  listProductViaApi,
  PASSWORD,
  type SeededUser,
  WCAG_AA,
} from './fixtures';
import { startOidcProvider, startServer } from './processes';

/**
 * Every screen of the app at phone and desktop size, in the light and the dark theme, compared with
 * the committed pictures in e2e/__screenshots__/ (update them with --update-snapshots; a change to a
 * screen updates its picture in the same commit). On every screen the visible text is checked for
 * text that is not part of the app (`$&`, `undefined`, raw keys…), the console for errors, and the
 * screen with axe against WCAG 2.1 A and AA, all in the same page load as the picture. The addresses
 * that only redirect (`/`, `/dashboard`, `/hosteller/marketplace`) are drawn as the screens they lead to.
 *
 * The screens run against a server and database of their own, seeded here with fixed names and
 * texts, so lists hold exactly this data whatever other specs created. What still differs from run
 * to run is masked: times and dates (the server stamps rows with the real time), avatar colours
 * (derived from random ids) and the handover code. The browser's clock is left running: the rows carry
 * the server's real time, so a clock frozen at a fixed date would show deadlines long past or far
 * ahead; animations are off (reduced motion, and toHaveScreenshot stops the rest).
 */

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const THEMES = ['light', 'dark'] as const;

/** `newcomer`: signed in with Google for the first time, the profile not yet complete. */
type Role = 'public' | 'hosteller' | 'dayscholar' | 'moderator' | 'newcomer' | 'requester';

interface Seeded {
  baseURL: string;
  users: Record<'hari' | 'meera' | 'divya' | 'mohan', SeededUser & { user: unknown }>;
  /** A Google sign-in's session whose profile is still to be completed. */
  gauri: { token: string; user: unknown };
  /** Hari's open request, and the one Divya is delivering to him. */
  pendingRequest: string;
  acceptedRequest: string;
  /** Meera's cancelled request: closed to everyone else. */
  othersRequest: string;
  /** Hari's textbook, and Meera's cycle (saved by Hari, offered on by Divya). */
  ownProduct: string;
  othersProduct: string;
  /** Divya's trip from Katpadi, with Meera's notebooks on it. */
  trip: string;
  /** Meera's notebooks: Divya picked them up and is on the way (the arrival countdown). */
  onTheWayRequest: string;
  /** Meera's shared run to Katpadi market, open to join. */
  run: string;
  /** Hari's batteries, delivered by Divya: Hari owes her for them. */
  completedRequest: string;
  /** Hari's desk lamp, sold to Meera, who disputes it. */
  soldProduct: string;
  /** Divya's wanted calculator, open: Hari may answer it with his textbook. */
  wantedPost: string;
  /** The phone Hari found, with two photos, claimed by Meera (the right answer) and Divya (a guess). */
  foundPost: string;
}

/**
 * The last noon that has passed: the hour the time-of-day screens are drawn at. Not a noon ahead,
 * which would be past the cutoff of the trip seeded a moment ago (the new-request screen offers it).
 */
function lastNoon() {
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  if (noon.getTime() > Date.now()) noon.setDate(noon.getDate() - 1);
  return noon;
}

interface Screen {
  name: string;
  path: (s: Seeded) => string;
  /** Text that shows once the screen has its data. */
  ready: string | RegExp;
  /** An error screen: the failed API call it shows may be logged by the browser. */
  failedCall?: boolean;
  /**
   * The screen offers what fits the time of day (the deadline shortcuts): drawn with the page's
   * clock at the last noon, so the picture does not change with the hour of the run. The clock stays
   * set for the screens after it, so such a screen comes last in its list.
   */
  atNoon?: boolean;
  /**
   * A call the screen waits on, left unanswered while the screen is drawn: the screen shows its
   * progress, and the page is not expected to settle.
   */
  pending?: RegExp;
  /** At desktop size (1280 × 800) the whole screen shows without scrolling. */
  fits?: boolean;
  /** Once the screen is ready, opens what is drawn (a dialog) and waits for it. */
  open?: (page: Page) => Promise<void>;
}

/** A product id that names nothing. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

const SCREENS: Record<Role, Screen[]> = {
  public: [
    { name: 'login', path: () => '/login', ready: 'Sign in to your account', fits: true },
    { name: 'register', path: () => '/register', ready: 'Create your account' },
    { name: 'forgot-password', path: () => '/forgot-password', ready: 'Forgot your password?', fits: true },
    { name: 'verify-email', path: () => '/verify-email', ready: 'Verify your email', fits: true },
    {
      name: 'reset-password',
      path: () => '/reset-password?token=a-reset-token-from-the-mail',
      ready: /password/i,
      fits: true,
    },
    { name: 'not-found', path: () => '/no/such/page', ready: 'Page Not Found' },
    {
      name: 'google-callback',
      path: () => '/auth/google-callback?code=a-code-being-checked',
      ready: 'Signing you in…',
      pending: /\/api\/auth\/google\/exchange$/,
    },
  ],
  hosteller: [
    { name: 'dashboard', path: () => '/hosteller/dashboard', ready: 'Printer paper' },
    { name: 'my-requests', path: () => '/hosteller/my-requests', ready: 'Maggi noodles' },
    { name: 'sell-product', path: () => '/hosteller/sell-product', ready: 'Sell Product' },
    { name: 'request-detail', path: (s) => `/requests/${s.acceptedRequest}`, ready: 'Maggi noodles' },
    { name: 'marketplace', path: () => '/marketplace', ready: 'Lady Bird cycle' },
    { name: 'product-own', path: (s) => `/products/${s.ownProduct}`, ready: 'Calculus textbook' },
    { name: 'product-other', path: (s) => `/products/${s.othersProduct}`, ready: 'Lady Bird cycle' },
    { name: 'edit-product', path: (s) => `/hosteller/edit-product/${s.ownProduct}`, ready: 'Edit Product' },
    { name: 'saved', path: () => '/saved', ready: 'Lady Bird cycle' },
    { name: 'profile', path: () => '/profile', ready: 'hari@example.edu' },
    {
      name: 'profile-delete-account',
      path: () => '/profile',
      ready: 'hari@example.edu',
      open: async (page) => {
        // Hari has requests under way: the dialog lists them before it would ask for a password.
        await page.getByRole('button', { name: 'Delete account' }).click();
        await expect(page.getByRole('dialog').getByRole('button', { name: 'Close' })).toBeVisible();
      },
    },
    {
      name: 'public-profile',
      path: (s) => `/users/${s.users.meera.id}`,
      ready: 'Meera Lakshmi Venkataraman Menon',
    },
    { name: 'chat-list', path: () => '/chat', ready: 'Divya Dayscholar' },
    {
      name: 'chat-thread',
      path: (s) => `/chat/${s.users.divya.id}`,
      ready: 'Bringing the noodles by 7, is the Block B gate fine?',
    },
    { name: 'product-missing', path: () => `/products/${NO_SUCH_ID}`, ready: /not found/i, failedCall: true },
    {
      name: 'request-closed-to-viewer',
      path: (s) => `/requests/${s.othersRequest}`,
      ready: /not found/i,
      failedCall: true,
    },
    { name: 'moderation-refused', path: () => '/moderation', ready: /moderator/i, failedCall: true },
    { name: 'trips', path: () => '/trips', ready: 'From Katpadi' },
    { name: 'trip-detail', path: (s) => `/trips/${s.trip}`, ready: 'Trip from Katpadi' },
    { name: 'runs', path: () => '/runs', ready: 'Run to Katpadi market' },
    { name: 'run-detail', path: (s) => `/runs/${s.run}`, ready: 'About this run' },
    { name: 'new-run', path: () => '/runs/new', ready: 'Start a shared run' },
    { name: 'money', path: () => '/money', ready: 'AA batteries' },
    { name: 'request-settle', path: (s) => `/requests/${s.completedRequest}`, ready: 'You owe Divya' },
    {
      name: 'product-sold',
      path: (s) => `/products/${s.soldProduct}`,
      ready: 'Meera Lakshmi Venkataraman Menon owes you',
    },
    // Three searches, one paused, one with a new match.
    { name: 'saved-searches', path: () => '/searches', ready: 'Road bikes under ₹3,000' },
    {
      name: 'marketplace-save-search',
      // Nothing on sale matches yet (no card, and so no masked time, behind the dialog).
      path: () => '/marketplace?search=tennis+racket&category=sports&maxPrice=1500',
      ready: 'No products match your filters',
      open: async (page) => {
        await page.getByRole('button', { name: 'Save this search' }).click();
        await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Name' })).toHaveValue(
          'tennis racket in Sports under ₹1,500',
        );
      },
    },
    // Divya's and Mohan's wanted posts; Hari answers Divya's "I have one" with one of his listings.
    { name: 'marketplace-wanted', path: () => '/marketplace?tab=wanted', ready: 'Casio fx-991EX calculator' },
    { name: 'wanted-post', path: (s) => `/wanted/${s.wantedPost}`, ready: 'Casio fx-991EX calculator' },
    {
      name: 'wanted-answer',
      path: (s) => `/wanted/${s.wantedPost}`,
      ready: 'Casio fx-991EX calculator',
      open: async (page) => {
        await page.getByRole('button', { name: 'I have one' }).click();
        await expect(
          page.getByRole('dialog').getByRole('combobox', { name: 'Link one of your listings (optional)' }),
        ).toBeVisible();
        // The post's times and its poster's picture sit behind the dialog: their masks would be
        // drawn over it, so they are hidden (the backdrop dims them anyway).
        await page
          .locator('article time, article [data-avatar]')
          .evaluateAll((parts) =>
            parts.forEach((part) => ((part as HTMLElement).style.visibility = 'hidden')),
          );
      },
    },
    // Hari found a phone, claimed by Meera and Divya; Mohan and Meera lost things.
    { name: 'lost-found', path: () => '/lost-found', ready: 'Black Redmi phone in a blue case' },
    { name: 'lost-found-new', path: () => '/lost-found/new?kind=found', ready: 'The answer you expect' },
    {
      name: 'lost-found-post',
      path: (s) => `/lost-found/${s.foundPost}`,
      ready: 'My cat asleep on a laptop keyboard',
    },
    // Hari follows Meera; Divya follows Hari.
    { name: 'following', path: () => '/following', ready: 'You follow 1 seller.' },
    { name: 'following-followers', path: () => '/following?tab=followers', ready: '1 member follows you.' },
    { name: 'new-request', path: () => '/hosteller/my-requests/new', ready: 'New Request', atNoon: true },
  ],
  dayscholar: [
    { name: 'dashboard', path: () => '/dayscholar/dashboard', ready: 'Maggi noodles' },
    { name: 'browse', path: () => '/dayscholar/browse-requests', ready: 'Printer paper' },
    { name: 'my-deliveries', path: () => '/dayscholar/my-deliveries', ready: 'Phone charger' },
    { name: 'request-detail', path: (s) => `/requests/${s.acceptedRequest}`, ready: 'Maggi noodles' },
    { name: 'marketplace', path: () => '/marketplace', ready: 'Lady Bird cycle' },
    { name: 'product', path: (s) => `/products/${s.othersProduct}`, ready: 'Lady Bird cycle' },
    { name: 'trips', path: () => '/trips', ready: 'From Katpadi' },
    { name: 'trip-detail', path: (s) => `/trips/${s.trip}`, ready: 'Drop at' },
    { name: 'new-trip', path: () => '/trips/new', ready: 'Requests I can take' },
    { name: 'run-detail', path: (s) => `/runs/${s.run}`, ready: 'Accept run' },
    { name: 'money', path: () => '/money', ready: 'AA batteries' },
    {
      name: 'request-settle',
      path: (s) => `/requests/${s.completedRequest}`,
      ready: 'Hari Hosteller owes you',
    },
    // On the way with Meera's notebooks: her drop point, Call and Chat, and Update estimate.
    { name: 'request-on-the-way', path: (s) => `/requests/${s.onTheWayRequest}`, ready: 'Drop point' },
  ],
  moderator: [
    { name: 'moderation', path: () => '/moderation', ready: 'Lady Bird cycle' },
    { name: 'moderation-disputes', path: () => '/moderation?tab=disputes', ready: 'The lamp flickers' },
    // Mohan follows nobody.
    { name: 'following-empty', path: () => '/following', ready: 'You do not follow anyone yet' },
  ],
  newcomer: [{ name: 'complete-profile', path: () => '/complete-profile', ready: 'Complete your profile' }],
  // Meera, whose notebooks Divya is bringing: the countdown to Divya's estimate.
  requester: [
    { name: 'request-on-the-way', path: (s) => `/requests/${s.onTheWayRequest}`, ready: 'Arriving in about' },
  ],
};

/** Text that is never part of the app: leaked placeholders, unformatted values, raw message keys. */
const STRAY_TEXT: readonly RegExp[] = [
  /\$&/,
  /\bundefined\b/,
  /\bNaN\b/,
  /\[object Object\]/,
  /\bnull\b/,
  /\b[a-z]+(\.[a-z]+){2,}\b/,
];

/** What `text` holds of STRAY_TEXT, for a readable failure. */
function strayText(text: string): string[] {
  return STRAY_TEXT.flatMap((pattern) => {
    const match = pattern.exec(text);
    return match ? [`${pattern}: …${text.slice(Math.max(0, match.index - 30), match.index + 30)}…`] : [];
  });
}

/**
 * Dates, times and "x ago" as the app writes them (lib/format.ts: '12 min ago', '2 hr ago',
 * 'yesterday', 'today 3:45 pm'), and the forms' time shortcuts ('5 pm', which after 4:30 pm is
 * 'Tomorrow 5 pm'): they change from run to run, and with the minutes since the data was seeded.
 */
const TIME_TEXT =
  /\b(tomorrow )?\d{1,2} (am|pm)\b|\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)( \d{4})?\b|\b(today |tomorrow |yesterday )?\d{1,2}:\d{2}\s?(am|pm)\b|\b(\d+ (seconds?|minutes?|min|hours?|hr|h|days?|d) )?ago\b|\byesterday\b|\bjust now\b|\bin \d+\s?(min|minutes?|hr|h|hours?|d|days?)\b|\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/gi;
/** What each of them is written as in the picture. */
const STEADY_TIME = '00:00';

/**
 * Writes every date and time on the screen as STEADY_TIME (a time said as "tomorrow 1:25 am" too,
 * which near midnight a time a few hours ahead becomes), so the text around them (and the masks over
 * them) keep their place whatever the time of the run.
 */
async function steadyTimes(page: Page) {
  await page.evaluate(
    ({ source, flags, steady }) => {
      const pattern = new RegExp(source, flags);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.nodeValue ?? '';
        const steadied = text.replace(pattern, steady);
        if (steadied !== text) node.nodeValue = steadied;
      }
    },
    { source: TIME_TEXT.source, flags: TIME_TEXT.flags, steady: STEADY_TIME },
  );
}

/** What differs from run to run, where it shows (a time inside a closed section is left alone). */
function dynamicParts(page: Page): Locator[] {
  return [
    page.locator('time'),
    page.getByText(STEADY_TIME),
    page.locator('[data-avatar]'),
    page.getByTestId('handover-code'),
    // The arrival countdown moves on by itself.
    page.getByTestId('arrival'),
    page.getByTestId('arrival-countdown'),
    page.locator('input[type="datetime-local"], input[type="date"], input[type="time"]'),
  ].map((parts) => parts.filter({ visible: true }));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// The screens are shared out between the run's workers; each worker seeds a server of its own once.
test.describe.configure({ mode: 'parallel' });

const MODERATOR_EMAIL = 'mohan@example.edu';
let seeded: Seeded;
let claimsFile: string;
let stopServer: () => Promise<void>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const root = mkdtempSync(path.join(os.tmpdir(), 'campusrun-visual-'));
  chmodSync(root, 0o711); // as root, the embedded PostgreSQL server runs as `postgres` and must reach DATA_DIR
  // A Google stand-in of its own too: the claims file is this server's alone, whatever specs run beside it.
  claimsFile = path.join(root, 'oidc-claims.json');
  const env = JSON.parse(process.env.E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  const provider = await startOidcProvider(claimsFile, env.GOOGLE_CLIENT_ID ?? '');
  // A port free a moment ago may be taken by another spec's process before the server listens on
  // it: the server is started again on another.
  let baseURL = '';
  let dataDir = '';
  let server: ReturnType<typeof startServer> | undefined;
  for (let attempt = 1; !server; attempt++) {
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    dataDir = path.join(root, `data-${attempt}`);
    const started = startServer(port, {
      ...env,
      GOOGLE_ISSUER: provider.issuer,
      // Mail goes to the data directory's outbox, apart from the other specs' mail.
      SMTP_URL: '',
      MODERATOR_EMAILS: MODERATOR_EMAIL,
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    try {
      await started.healthy();
      server = started;
    } catch (error) {
      await started.stop();
      if (attempt === 3) throw error;
    }
  }
  const running = server;
  stopServer = async () => {
    provider.stop();
    await running.stop();
    rmSync(root, { recursive: true, force: true });
  };
  seeded = await seed(baseURL, path.join(dataDir, 'outbox'));
  seeded.gauri = await googleNewcomer(baseURL);
});

test.afterAll(async () => {
  await stopServer?.();
});

/** The verification code last mailed to `email` through the server's outbox, or ''. */
function outboxCode(outbox: string, email: string): string {
  if (!existsSync(outbox)) return '';
  const mails = readdirSync(outbox)
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((mail) => mail.startsWith(`To: ${email}\n`));
  return /verification code: (\d{6})/.exec(mails.at(-1) ?? '')?.[1] ?? '';
}

/** The screens' data: fixed names and texts, made through the API as the screens would. */
async function seed(baseURL: string, outbox: string): Promise<Seeded> {
  const api = await apiRequest.newContext({ baseURL });
  const user = async (
    role: 'hosteller' | 'dayscholar',
    name: string,
    email: string,
  ): Promise<SeededUser & { user: unknown }> => {
    const register = await api.post('/api/auth/register', {
      data: {
        name,
        email,
        password: PASSWORD,
        phoneNumber: '9876543210',
        role,
        ...(role === 'hosteller' ? { hostelBlock: 'Block B', roomNumber: '12' } : {}),
      },
    });
    expect(register.status()).toBe(201);
    await expect.poll(() => outboxCode(outbox, email), { timeout: 15_000 }).toMatch(/^\d{6}$/);
    const otp = outboxCode(outbox, email);
    expect((await api.post('/api/auth/verify-otp', { data: { email, otp } })).status()).toBe(200);
    const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    const body = (await login.json()) as { token: string; user: { id: string } };
    return { email, password: PASSWORD, name, role, token: body.token, id: body.user.id, user: body.user };
  };
  const hari = await user('hosteller', 'Hari Hosteller', 'hari@example.edu');
  const meera = await user('hosteller', 'Meera Lakshmi Venkataraman Menon', 'meera@example.edu');
  const divya = await user('dayscholar', 'Divya Dayscholar Ramakrishnan Iyer', 'divya@example.edu');
  const mohan = await user('hosteller', 'Mohan Moderator', MODERATOR_EMAIL);
  const auth = (u: SeededUser) => ({ Authorization: `Bearer ${u.token}` });

  const pendingRequest = await createRequestViaApi(api, hari, 'Printer paper', 60);
  const acceptedRequest = await createRequestViaApi(api, hari, 'Maggi noodles', 80, {
    itemCost: 120,
    pickupFrom: 'Katpadi market',
  });
  await actOnRequest(api, divya, acceptedRequest, 'accept');
  await actOnRequest(api, divya, await createRequestViaApi(api, meera, 'Phone charger', 40), 'accept');
  // Cancelled: only Meera may open it.
  const othersRequest = await createRequestViaApi(api, meera, 'Extension cord', 120);
  await actOnRequest(api, meera, othersRequest, 'cancel');

  const ownProduct = await listProductViaApi(api, hari, {
    name: 'Calculus textbook',
    description: 'Thomas, 14th edition. A few pencil notes in chapter 3.',
    price: '250',
    category: 'books',
  });
  const othersProduct = await listProductViaApi(api, meera, {
    name: 'Lady Bird cycle',
    description: 'Ridden for two semesters, new tyres, comes with a lock.',
    price: '3000',
    category: 'other',
    isNegotiable: true,
  });
  expect((await api.put(`/api/products/${othersProduct}/save`, { headers: auth(hari) })).status()).toBe(200);
  expect(
    (
      await api.post(`/api/products/${othersProduct}/offers`, {
        headers: auth(divya),
        data: { amount: 2800 },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await api.post('/api/reports', {
        headers: auth(hari),
        data: { targetType: 'product', targetId: othersProduct, reason: 'spam', details: 'Posted twice.' },
      })
    ).status(),
  ).toBe(201);

  const say = async (from: SeededUser, to: SeededUser, content: string) =>
    expect(
      (await api.post('/api/chat', { headers: auth(from), data: { receiverId: to.id, content } })).status(),
    ).toBe(201);
  await say(hari, divya, 'Thanks for taking the noodles!');
  await say(divya, hari, 'Bringing the noodles by 7, is the Block B gate fine?');
  // Hari has read Divya's thread (the screens open it) but never Meera's: every run, and every
  // size and theme, shows the same unread count.
  expect((await api.get(`/api/chat/conversation/${divya.id}`, { headers: auth(hari) })).status()).toBe(200);
  await say(meera, hari, 'Could you hold my parcel at the Block B desk tomorrow?');

  // A trip Divya announced, with a request of Meera's on it; a shared run Meera started.
  const hour = 3_600_000;
  const posted = await api.post('/api/trips', {
    headers: auth(divya),
    data: {
      from: 'Katpadi',
      arriveAt: new Date(Date.now() + 3 * hour).toISOString(),
      cutoffAt: new Date(Date.now() + 2 * hour).toISOString(),
      capacity: 4,
      note: 'Can stop at the market and the pharmacy.',
    },
  });
  expect(posted.status()).toBe(201);
  const trip = ((await posted.json()) as { trip: { id: string } }).trip.id;
  const notebooks = await createRequestViaApi(api, meera, 'Notebooks', 30, { pickupFrom: 'Katpadi market' });
  expect(
    (
      await api.put(`/api/trips/${trip}/attach`, { headers: auth(meera), data: { requestId: notebooks } })
    ).status(),
  ).toBe(200);
  // Divya has the notebooks and is on her way with them, about half an hour out.
  expect((await api.put(`/api/requests/${notebooks}/picked-up`, { headers: auth(divya) })).status()).toBe(
    200,
  );
  expect(
    (
      await api.put(`/api/requests/${notebooks}/on-the-way`, { headers: auth(divya), data: { minutes: 30 } })
    ).status(),
  ).toBe(200);
  const started = await api.post('/api/runs', {
    headers: auth(meera),
    data: {
      pickupFrom: 'Katpadi market',
      cutoffAt: new Date(Date.now() + 2 * hour).toISOString(),
      deadline: new Date(Date.now() + 5 * hour).toISOString(),
      totalFee: 60,
      item: { itemName: 'Bread', quantity: 2, deliveryLocation: 'Block C, room 4', category: 'groceries' },
    },
  });
  expect(started.status()).toBe(201);
  const run = ((await started.json()) as { run: { id: string } }).run.id;

  // Settling up: Divya (who has a UPI ID) delivered Hari's batteries, and Hari owes her for them;
  // Meera bought Hari's desk lamp for the price she offered, and disputes it.
  expect(
    (
      await api.put('/api/users/profile', {
        headers: auth(divya),
        data: { name: divya.name, phoneNumber: '9876543210', upiId: 'divya.iyer@okaxis' },
      })
    ).status(),
  ).toBe(200);
  const completedRequest = await createRequestViaApi(api, hari, 'AA batteries', 50, { itemCost: 30 });
  await actOnRequest(api, divya, completedRequest, 'accept');
  await actOnRequest(api, divya, completedRequest, 'deliver');
  const soldProduct = await listProductViaApi(api, hari, {
    name: 'Desk lamp',
    description: 'LED, three brightness levels.',
    price: '450',
    category: 'electronics',
    isNegotiable: true,
  });
  const offered = await api.post(`/api/products/${soldProduct}/offers`, {
    headers: auth(meera),
    data: { amount: 400 },
  });
  expect(offered.status()).toBe(201);
  const offerId = ((await offered.json()) as { offer: { id: string } }).offer.id;
  expect((await api.put(`/api/offers/${offerId}/accept`, { headers: auth(hari) })).status()).toBe(200);
  expect(
    (
      await api.put(`/api/products/${soldProduct}/sold`, { headers: auth(hari), data: { buyerId: meera.id } })
    ).status(),
  ).toBe(200);
  // The buyer confirms the sale (a debt only from then), then disputes it.
  const sale = await api.get(`/api/settlements/for?kind=sale&targetId=${soldProduct}`, {
    headers: auth(meera),
  });
  const saleId = ((await sale.json()) as { settlement: { id: string } }).settlement.id;
  expect((await api.put(`/api/settlements/${saleId}/confirm`, { headers: auth(meera) })).status()).toBe(200);
  expect(
    (
      await api.post('/api/disputes', {
        headers: auth(meera),
        data: {
          targetType: 'sale',
          targetId: soldProduct,
          reason: 'not_as_described',
          details: 'The lamp flickers at every brightness.',
        },
      })
    ).status(),
  ).toBe(201);

  // Hari's saved searches, after every listing above (none of which is new to them): the newest
  // finds Mohan's road bike, listed next, and its notice is read so the bell is as before.
  const saveSearch = async (name: string, filters: Record<string, unknown>) => {
    const saved = await api.post('/api/saved-searches', {
      headers: auth(hari),
      data: { kind: 'products', name, filters },
    });
    expect(saved.status()).toBe(201);
    return ((await saved.json()) as { search: { id: string } }).search.id;
  };
  await saveSearch('Textbooks for second-year mechanical engineering courses', {
    search: 'textbook',
    category: 'books',
    minPrice: 100,
    maxPrice: 600,
  });
  const calculators = await saveSearch('Calculators', { category: 'electronics', condition: 'like-new' });
  expect(
    (
      await api.patch(`/api/saved-searches/${calculators}`, { headers: auth(hari), data: { paused: true } })
    ).status(),
  ).toBe(200);
  await saveSearch('Road bikes under ₹3,000', { search: 'bike', maxPrice: 3000, sort: 'price-low' });
  await listProductViaApi(api, mohan, {
    name: 'Hero road bike',
    description: 'Seven gears, serviced last month.',
    price: '2500',
    category: 'other',
  });
  const matchNotice = async () => {
    const answer = await api.get('/api/notifications?limit=20', { headers: auth(hari) });
    const { notifications } = (await answer.json()) as { notifications: { id: string; type: string }[] };
    return notifications.find((n) => n.type === 'search')?.id ?? '';
  };
  await expect.poll(matchNotice, { timeout: 15_000 }).not.toBe('');
  expect(
    (await api.put(`/api/notifications/${await matchNotice()}/read`, { headers: auth(hari) })).status(),
  ).toBe(200);

  // Wanted posts, after every listing above (none matches them, so nobody is told of one).
  const want = async (who: SeededUser, data: Record<string, unknown>) => {
    const posted = await api.post('/api/wanted', { headers: auth(who), data });
    expect(posted.status()).toBe(201);
    return ((await posted.json()) as { post: { id: string } }).post.id;
  };
  await want(mohan, { title: 'Drafter for engineering drawing', category: 'stationery', maxPrice: 350 });
  const wantedPost = await want(divya, {
    title: 'Casio fx-991EX calculator',
    details: 'For the maths exams next month. Any condition, as long as the solar cell works.',
    category: 'electronics',
    maxPrice: 800,
  });

  // Lost and found, in categories apart (no match, so nobody is told of one). Hari found a phone and
  // posts it with two photos; Meera claims it with the right answer, Divya with a guess. Hari's
  // notices of the claims are read, so his bell is as before.
  const lostFound = async (who: SeededUser, data: Record<string, unknown>) => {
    const posted = await api.post('/api/lost-found', {
      headers: auth(who),
      data: { when: new Date(Date.now() - 3 * hour).toISOString(), ...data },
    });
    expect(posted.status()).toBe(201);
    return ((await posted.json()) as { post: { id: string } }).post.id;
  };
  await lostFound(mohan, {
    kind: 'lost',
    title: 'Grey umbrella with a wooden handle',
    category: 'other',
    place: 'Canteen',
  });
  await lostFound(meera, {
    kind: 'lost',
    title: 'College ID card and hostel room key on a red lanyard',
    category: 'other',
    place: 'Block C stairs',
    details: 'Probably dropped on the way to the 9 am lab.',
  });
  const foundPost = await lostFound(hari, {
    kind: 'found',
    title: 'Black Redmi phone in a blue case',
    category: 'electronics',
    place: 'Central library, 2nd floor reading room',
    details: 'Left on a desk by the window. The screen is locked.',
    question: 'What is the lock-screen picture?',
    answer: 'A sunset over the sea',
  });
  const photos = new FormData();
  for (const background of ['#35a', '#a53']) {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer();
    photos.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'phone.jpg');
  }
  expect(
    (
      await api.put(`/api/lost-found/${foundPost}/photos`, { headers: auth(hari), multipart: photos })
    ).status(),
  ).toBe(200);
  const claim = async (who: SeededUser, answer: string) =>
    expect(
      (
        await api.post(`/api/lost-found/${foundPost}/claims`, { headers: auth(who), data: { answer } })
      ).status(),
    ).toBe(201);
  await claim(meera, 'A sunset over the sea, taken at Marina beach');
  await claim(divya, 'My cat asleep on a laptop keyboard');
  const claimNotices = async () => {
    const answer = await api.get('/api/notifications?limit=20', { headers: auth(hari) });
    const { notifications } = (await answer.json()) as { notifications: { id: string; type: string }[] };
    return notifications.filter((n) => n.type === 'lost_found').map((n) => n.id);
  };
  await expect.poll(async () => (await claimNotices()).length, { timeout: 15_000 }).toBe(2);
  for (const id of await claimNotices())
    expect((await api.put(`/api/notifications/${id}/read`, { headers: auth(hari) })).status()).toBe(200);

  // Following, last: a listing after a follow would add a notice to the follower's bell on every screen.
  const follow = async (who: SeededUser, whom: SeededUser) =>
    expect((await api.put(`/api/users/${whom.id}/follow`, { headers: auth(who) })).status()).toBe(200);
  await follow(hari, meera);
  await follow(divya, hari);

  await api.dispose();
  return {
    baseURL,
    trip,
    onTheWayRequest: notebooks,
    run,
    completedRequest,
    soldProduct,
    wantedPost,
    foundPost,
    users: { hari, meera, divya, mohan },
    pendingRequest,
    acceptedRequest,
    othersRequest,
    ownProduct,
    othersProduct,
  };
}

/**
 * Signs a new campus address in with Google (the run's stand-in provider) as the sign-in button and
 * the callback page would: the session of an account whose profile is still to be completed.
 */
async function googleNewcomer(baseURL: string): Promise<Seeded['gauri']> {
  const email = 'gauri@example.edu';
  writeFileSync(
    claimsFile,
    JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name: 'Gauri Google' }),
  );
  const browser = await apiRequest.newContext({ baseURL });
  const follow = async (url: string) =>
    (await browser.get(url, { maxRedirects: 0 })).headers().location ?? '';
  const landing = await follow(await follow(await follow('/api/auth/google')));
  const code = new URL(landing, baseURL).searchParams.get('code');
  const exchange = await browser.post('/api/auth/google/exchange', { data: { code } });
  expect(exchange.status()).toBe(200);
  const { token, user } = (await exchange.json()) as { token: string; user: unknown };
  await browser.dispose();
  return { token, user };
}

/** A browser context for one role at one size and theme, signed in through local storage. */
async function contextFor(
  browser: Browser,
  role: Role,
  size: keyof typeof SIZES,
  theme: (typeof THEMES)[number],
): Promise<BrowserContext> {
  const signedIn = {
    hosteller: seeded.users.hari,
    dayscholar: seeded.users.divya,
    moderator: seeded.users.mohan,
    newcomer: seeded.gauri,
    requester: seeded.users.meera,
    public: null,
  };
  const session = signedIn[role];
  const storage: { name: string; value: string }[] = [{ name: 'theme', value: theme }];
  if (session) {
    const { token, user } = session;
    storage.push({ name: 'token', value: token }, { name: 'user', value: JSON.stringify(user) });
  } else {
    // The verification screen shows the address a sign-up is waiting on.
    const pending = { email: 'new.student@example.edu', userId: '' };
    storage.push({ name: 'pendingVerification', value: JSON.stringify(pending) });
  }
  return browser.newContext({
    baseURL: seeded.baseURL,
    viewport: SIZES[size],
    colorScheme: theme,
    reducedMotion: 'reduce',
    storageState: { cookies: [], origins: [{ origin: seeded.baseURL, localStorage: storage }] },
  });
}

/**
 * Opens the screen, waits for its data and pictures, checks its text, console and accessibility,
 * compares it.
 */
async function checkScreen(page: Page, screen: Screen, file: string[]) {
  const errors: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() !== 'error') return;
    if (screen.failedCall && /Failed to load resource: .* status of 4\d\d/.test(m.text())) return;
    errors.push(m.text());
  };
  const onError = (e: Error) => errors.push(e.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    if (screen.atNoon) {
      await page.clock.setFixedTime(lastNoon());
    }
    if (screen.pending) await page.route(screen.pending, () => {});
    await page.goto(screen.path(seeded));
    await expect(page.getByText(screen.ready).filter({ visible: true }).first()).toBeVisible();
    if (!screen.pending) {
      await expect(page.locator('.animate-pulse, .animate-spin, [aria-busy="true"]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
    }
    await screen.open?.(page);
    await page.evaluate(() =>
      Promise.all(
        Array.from(document.images, (img) =>
          img.complete ? undefined : new Promise((resolve) => (img.onload = img.onerror = resolve)),
        ),
      ),
    );

    const text = await page.locator('body').innerText();
    expect.soft(strayText(text), `${file.join('/')}: text that is not part of the app`).toEqual([]);
    expect.soft(errors, `${file.join('/')}: console errors while it loaded`).toEqual([]);
    expect
      .soft(await axeViolations(page, undefined, WCAG_AA), `${file.join('/')}: accessibility`)
      .toEqual([]);

    await steadyTimes(page);
    // The whole screen in one picture: the window is made as tall as the page, so the bars fixed
    // to its edges (tab bar, sidebar) sit where they belong instead of over the middle of a long page.
    const viewport = page.viewportSize()!;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (screen.fits && file[0]?.startsWith('desktop'))
      expect.soft(height, `${file.join('/')}: fits the window`).toBeLessThanOrEqual(viewport.height);
    if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
    try {
      await expect.soft(page).toHaveScreenshot(file, { mask: dynamicParts(page) });
    } finally {
      await page.setViewportSize(viewport);
    }
  } finally {
    if (screen.pending) await page.unrouteAll({ behavior: 'ignoreErrors' });
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
}

/**
 * A role's screens in runs of at most this many per test (one browser context each): a long set,
 * each screen drawn and checked by axe, would outlast a test's time on a busy machine.
 */
const SCREENS_PER_TEST = 6;

/**
 * At desktop size the dark theme is drawn for these screens only: the desktop layout of every screen
 * is drawn in the light theme, and every screen's dark colours at phone size, so what the dark
 * desktop adds is its frame (the sidebar, a two-pane chat, a dialog over the page).
 */
const DESKTOP_DARK: Record<Role, string[]> = {
  public: ['login'],
  hosteller: [
    'dashboard',
    'chat-thread',
    'profile-delete-account',
    'following',
    'saved-searches',
    'marketplace-save-search',
    'marketplace-wanted',
    'wanted-post',
    'wanted-answer',
    'lost-found',
    'lost-found-new',
    'lost-found-post',
  ],
  dayscholar: ['dashboard', 'request-on-the-way'],
  moderator: ['moderation', 'following-empty'],
  newcomer: [],
  requester: ['request-on-the-way'],
};

/** The screens drawn at a size in a theme. */
const screensFor = (role: Role, size: keyof typeof SIZES, theme: (typeof THEMES)[number]) =>
  size === 'desktop' && theme === 'dark'
    ? SCREENS[role].filter((screen) => DESKTOP_DARK[role].includes(screen.name))
    : SCREENS[role];

for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
  for (const theme of THEMES) {
    test.describe(`${size}, ${theme}`, () => {
      for (const role of Object.keys(SCREENS) as Role[]) {
        const screens = screensFor(role, size, theme);
        for (let from = 0; from < screens.length; from += SCREENS_PER_TEST) {
          const part = screens.slice(from, from + SCREENS_PER_TEST);
          const title = screens.length > SCREENS_PER_TEST ? ` ${from / SCREENS_PER_TEST + 1}` : '';
          test(`${role} screens${title}`, async ({ browser }) => {
            test.setTimeout(300_000);
            const context = await contextFor(browser, role, size, theme);
            const page = await context.newPage();
            for (const screen of part) {
              await test.step(screen.name, () =>
                checkScreen(page, screen, [`${size}-${theme}`, `${role}-${screen.name}.png`]),
              );
            }
            await context.close();
          });
        }
      }
    });
  }
}

/** The controls on the screen smaller than 44 × 44 px, as `tag "name" width×height`. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      if (control.closest('[inert], [aria-hidden="true"]')) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      let box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown
      // A control inside its label (a chip's radio, a checkbox with its words) is pressed through
      // the label, and a link stretched over its card (`after:absolute after:inset-0`) through the card.
      const label = control.closest('label');
      const after = getComputedStyle(control, '::after');
      if (label) box = label.getBoundingClientRect();
      else if (after.position === 'absolute' && after.inset === '0px' && control.offsetParent)
        box = control.offsetParent.getBoundingClientRect();
      // Exempt: a visually hidden control without a label (the skip link until it is focused from
      // the keyboard), and a link inside a sentence, which is as tall as the line it sits in.
      else if (getComputedStyle(control).clipPath === 'inset(50%)') continue;
      if (control.tagName === 'A' && getComputedStyle(control).display === 'inline' && control.closest('p'))
        continue;
      if (box.width < min || box.height < min) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        small.push(
          `${control.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, 43.5);
}

/** Screens where a phone's controls are pressed most, per role. */
const TAP_SCREENS: Partial<Record<Role, string[]>> = {
  hosteller: [
    'dashboard',
    'marketplace',
    'product-other',
    'request-detail',
    'chat-thread',
    'new-request',
    'sell-product',
    'edit-product',
    'profile',
    'saved-searches',
    'marketplace-wanted',
    'wanted-post',
    'lost-found',
    'lost-found-new',
    'lost-found-post',
  ],
  dayscholar: ['dashboard', 'browse', 'marketplace', 'product', 'request-detail'],
};

test('phone: every button, link and field on the main screens is at least 44 × 44 px', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const small: string[] = [];
  for (const [role, names] of Object.entries(TAP_SCREENS) as [Role, string[]][]) {
    const context = await contextFor(browser, role, 'phone', 'light');
    const page = await context.newPage();
    for (const screen of SCREENS[role].filter((s) => names.includes(s.name))) {
      await page.goto(screen.path(seeded));
      await expect(page.getByText(screen.ready).filter({ visible: true }).first()).toBeVisible();
      await expect(page.locator('.animate-pulse, .animate-spin, [aria-busy="true"]')).toHaveCount(0);
      small.push(...(await smallTargets(page)).map((what) => `${role}-${screen.name}: ${what}`));
    }
    await context.close();
  }
  expect(small).toEqual([]);
});
