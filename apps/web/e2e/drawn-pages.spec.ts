import { type Page, expect, test } from '@playwright/test';
import {
  createRequestViaApi,
  holdTheCode,
  listProductViaApi,
  seedUser,
  signIn,
  type SeededUser,
} from './fixtures';

/**
 * Signed-in screens drawn by the server: the page's first HTML, read before any script runs, shows
 * the screen with its member's data (and nothing of another member's); the browser takes it over
 * without asking for that data again; an ended session's cookie gets the app shell.
 */

/** The text of #root in the page's HTML as the server sent it (no script has run). */
async function firstHtml(page: Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
  return { res, html, text: root.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ') };
}

async function signInBrowser(page: Page, user: SeededUser) {
  await signIn(page, user);
  await page.waitForURL(/dashboard/);
}

test.describe('signed-in screens drawn by the server', () => {
  test('each screen arrives drawn with its own member’s data, and none of another member’s', async ({
    page,
    request,
  }) => {
    const stamp = Date.now().toString(36);
    const owner = await seedUser(request, 'hosteller', `Asha Drawn ${stamp}`);
    const other = await seedUser(request, 'hosteller', `Bela Private ${stamp}`);
    const runner = await seedUser(request, 'dayscholar', `Ravi Runner ${stamp}`);
    const mine = `Owner lamp ${stamp}`;
    const theirs = `Other secret ${stamp}`;
    const requestId = await createRequestViaApi(request, owner, mine);
    await createRequestViaApi(request, other, theirs);
    const productId = await listProductViaApi(request, owner, { name: `Desk fan ${stamp}`, price: '750' });
    const sent = await request.post('/api/chat', {
      headers: { Authorization: `Bearer ${runner.token}` },
      data: { receiverId: owner.id, content: `On my way with the lamp ${stamp}` },
    });
    expect(sent.status()).toBe(201);

    await signInBrowser(page, owner);
    const cookies = await page.context().cookies();
    const pageCookie = cookies.find((c) => c.name === 'campusrun_page');
    expect(pageCookie?.httpOnly).toBe(true);
    expect(pageCookie?.sameSite).toBe('Lax');

    const screens: Array<[string, string[]]> = [
      ['/hosteller/dashboard', [`Welcome, Asha`, mine]],
      ['/hosteller/my-requests', [mine]],
      [`/requests/${requestId}`, [mine, 'Block B gate']],
      ['/marketplace', [`Desk fan ${stamp}`]],
      [`/products/${productId}`, [`Desk fan ${stamp}`, '₹750']],
      ['/chat', [`Ravi Runner ${stamp}`]],
      [`/chat/${runner.id}`, [`On my way with the lamp ${stamp}`]],
      ['/profile', [owner.email]],
      ['/money', ['Money']],
      ['/following', ['You do not follow anyone yet']],
      [`/users/${runner.id}`, [`Ravi Runner ${stamp}`]],
    ];
    for (const [path, shows] of screens) {
      const { res, text } = await firstHtml(page, path);
      expect(res.headers()['cache-control'], path).toBe('private, no-store');
      expect(res.headers()['vary'], path).toMatch(/cookie/i);
      for (const words of shows) expect(text, `${path} shows "${words}"`).toContain(words);
      expect(text, `${path} shows nothing of ${other.name}`).not.toContain(theirs);
      expect(text, path).not.toContain(other.email);
    }

    // The runner's own screens, for the runner.
    const runnerPage = await page.context().browser()!.newPage();
    await signInBrowser(runnerPage, runner);
    const browse = await firstHtml(runnerPage, '/dayscholar/browse-requests');
    expect(browse.text).toContain(mine);
    const deliveries = await firstHtml(runnerPage, '/dayscholar/my-deliveries');
    expect(deliveries.text).toContain('My Deliveries');
    expect(deliveries.text).not.toContain(owner.email);
    await runnerPage.close();
  });

  test('the browser takes a drawn screen over without asking for its data again', async ({
    page,
    request,
  }) => {
    const owner = await seedUser(request, 'hosteller');
    const item = `Kettle ${Date.now().toString(36)}`;
    await createRequestViaApi(request, owner, item);
    await signInBrowser(page, owner);

    const asked: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    // What the sign-in's own screen asked for is not this page's.
    await page.goto('about:blank');
    asked.length = 0;
    await page.goto('/hosteller/my-requests');
    await expect(page.getByRole('link', { name: new RegExp(item) }).first()).toBeVisible();
    // Once taken over, the page is the app: a link moves without loading a page.
    await page.getByRole('link', { name: 'Marketplace' }).first().click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
    const beforeMarketplace = asked.indexOf('/api/products');
    // Up to the click, neither the list nor the member is asked for: both came in the page, drawn for
    // a session the server had just checked.
    const beforeClick = asked.slice(0, beforeMarketplace === -1 ? undefined : beforeMarketplace);
    expect(beforeClick).not.toContain('/api/requests/my-requests');
    expect(beforeClick).not.toContain('/api/auth/me');
    expect(asked).not.toContain('/api/notifications');
    expect(problems).toEqual([]);
  });

  test('a screen taken over minutes after the server drew it keeps what it said about time, and is not drawn again', async ({
    page,
    request,
  }) => {
    const owner = await seedUser(request, 'hosteller');
    const item = `Clock lamp ${Date.now().toString(36)}`;
    await createRequestViaApi(request, owner, item);
    await signInBrowser(page, owner);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });

    // This phone's clock is five minutes ahead of the server's: the card the server drew says
    // "just now", which this browser alone would say as "5 min ago".
    await page.clock.setFixedTime(Date.now() + 5 * 60_000);
    const release = await holdTheCode(page);
    await page.goto('/hosteller/my-requests', { waitUntil: 'commit' });
    const age = page.getByRole('link', { name: new RegExp(item) }).getByText(/just now/);
    await age.evaluate((el) => el.setAttribute('data-drawn-by-server', ''));
    release();
    await page.waitForFunction(() => (window as { campusrunReady?: boolean }).campusrunReady === true);

    // Taken over as drawn: the same element, the same words, and no mismatch for React to repair.
    await expect(page.locator('[data-drawn-by-server]')).toHaveText(/just now|5 min ago/);
    expect(problems).toEqual([]);
  });

  test('a button pressed before the app’s code has arrived is pressed once it has', async ({
    page,
    request,
  }) => {
    const owner = await seedUser(request, 'hosteller');
    const requestId = await createRequestViaApi(request, owner, `Bread ${Date.now().toString(36)}`);
    await signInBrowser(page, owner);
    await page.goto('about:blank');

    const release = await holdTheCode(page);
    await page.goto(`/requests/${requestId}`, { waitUntil: 'commit' });
    // The drawn screen is there without its code: the press finds no handler yet.
    await page.getByRole('button', { name: 'Cancel Request' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Cancel this request?' })).toBeVisible();
    // Pressed once: one dialog.
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });

  test('words typed into a search before the app’s code has arrived filter the list once it has, and stay', async ({
    page,
    request,
  }) => {
    const stamp = Date.now().toString(36);
    const seller = await seedUser(request, 'hosteller');
    const buyer = await seedUser(request, 'dayscholar');
    const wanted = `Typed calculator ${stamp}`;
    await listProductViaApi(request, seller, { name: wanted, category: 'electronics' });
    await listProductViaApi(request, seller, { name: `Other lamp ${stamp}`, category: 'electronics' });
    await signInBrowser(page, buyer);
    await page.goto('about:blank');

    const release = await holdTheCode(page);
    await page.goto('/marketplace', { waitUntil: 'commit' });
    // The drawn screen, without its code: the words go into the field and nowhere else yet.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(`calculator ${stamp}`);
    release();
    await expect(page).toHaveURL(new RegExp(`search=calculator(\\+|%20)${stamp}`));
    const products = page.getByRole('list', { name: 'Products' });
    await expect(products.getByRole('listitem')).toHaveCount(1);
    await expect(products).toContainText(wanted);

    // A filter picked next keeps the words: in the field, in the address and in the list.
    await page.getByRole('combobox', { name: 'Category' }).selectOption('electronics');
    await expect(page).toHaveURL(/category=electronics/);
    await expect(page).toHaveURL(new RegExp(`search=calculator(\\+|%20)${stamp}`));
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue(`calculator ${stamp}`);
    await expect(products.getByRole('listitem')).toHaveCount(1);
  });

  test('without a live session the page is the app shell, which signs in again', async ({
    page,
    request,
    browser,
  }) => {
    const owner = await seedUser(request, 'hosteller');
    await signInBrowser(page, owner);
    const pageCookie = (await page.context().cookies()).find((c) => c.name === 'campusrun_page')!;
    const drawn = await firstHtml(page, '/hosteller/dashboard');
    expect(drawn.html).toContain('id="drawn-state"');

    // Signing out clears the cookie; the old value, put back by hand, names an ended session.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/login/);
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name === 'campusrun_page'))
      .toBe(false);

    const stale = await browser.newContext();
    await stale.addCookies([pageCookie, { name: 'tz', value: 'UTC', domain: pageCookie.domain, path: '/' }]);
    const res = await stale.request.get('/hosteller/dashboard');
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('drawn-state');
    expect(res.headers()['cache-control']).toBe('no-cache');
    await stale.close();
  });
});
