import { expect, test, type Page } from '@playwright/test';
import { createRequestViaApi, holdTheCode, listProductViaApi, seedUser, type SeededUser } from './fixtures';

/** Puts `user`'s session in the browser, as a returning student has it. */
async function storeSession(page: Page, user: SeededUser) {
  await page.goto('/robots.txt');
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${user.token}` } });
  const { user: profile } = (await me.json()) as { user: unknown };
  await page.evaluate(
    ({ token, profile }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(profile));
    },
    { token: user.token, profile },
  );
}

/** Every API call the page makes from now on, as `GET /api/…?…`. */
function watchApi(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

test("a signed-in screen's data is asked for before the app's code has arrived", async ({
  page,
  request,
}) => {
  const hosteller = await seedUser(request, 'hosteller');
  await createRequestViaApi(request, hosteller, 'Early milk');
  await storeSession(page, hosteller);
  const calls = watchApi(page);

  const release = await holdTheCode(page);
  await page.goto('/hosteller/dashboard', { waitUntil: 'commit' });
  // The entry script has not run: nothing is drawn, yet the screen's data is on its way.
  await expect
    .poll(() => calls)
    .toEqual(
      expect.arrayContaining([
        'GET /api/auth/me',
        'GET /api/notifications?limit=20',
        'GET /api/hosteller/stats',
        'GET /api/hosteller/requests/recent?limit=5',
        'GET /api/hosteller/products/recent?limit=5',
      ]),
    );
  await expect(page.locator('#root')).toBeEmpty();

  release();
  await expect(page.getByText('Early milk')).toBeVisible();
  // The app used those answers: it asked for none of them a second time.
  await page.waitForLoadState('networkidle');
  expect(calls.filter((c) => c === 'GET /api/hosteller/stats')).toHaveLength(1);
  expect(calls.filter((c) => c === 'GET /api/auth/me')).toHaveLength(1);
});

test('every screen uses all of its early answers and asks for nothing twice', async ({ page, request }) => {
  test.setTimeout(120_000);
  const hosteller = await seedUser(request, 'hosteller');
  const dayscholar = await seedUser(request, 'dayscholar');
  const requestId = await createRequestViaApi(request, hosteller, 'Early bread');
  const productId = await listProductViaApi(request, hosteller, { name: 'Early kettle' });
  const sent = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${dayscholar.token}` },
    data: { receiverId: hosteller.id, content: 'Is the kettle still there?' },
  });
  expect(sent.ok()).toBe(true);

  const screens: Array<[SeededUser, string]> = [
    [hosteller, '/hosteller/dashboard'],
    [hosteller, '/hosteller/my-requests'],
    [hosteller, '/hosteller/my-requests/new'],
    [hosteller, '/hosteller/sell-product'],
    [hosteller, '/marketplace'],
    [hosteller, `/products/${productId}`],
    [hosteller, `/requests/${requestId}`],
    [hosteller, '/saved'],
    [hosteller, '/following'],
    [hosteller, '/searches'],
    [hosteller, '/profile'],
    [hosteller, '/chat'],
    [hosteller, `/chat/${dayscholar.id}`],
    [dayscholar, '/dayscholar/dashboard'],
    [dayscholar, '/dayscholar/browse-requests'],
    [dayscholar, '/dayscholar/my-deliveries'],
    [dayscholar, `/users/${hosteller.id}`],
  ];
  let signedIn: SeededUser | null = null;
  for (const [user, path] of screens) {
    if (signedIn !== user) {
      await storeSession(page, user);
      signedIn = user;
    }
    const calls = watchApi(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const unused = await page.evaluate(() =>
      Object.keys(
        (window as { campusrunEarly?: { answers: object } }).campusrunEarly?.answers ?? {
          'nothing asked early': 1,
        },
      ),
    );
    expect(unused, `${path}: answers asked for early that the screen never used`).toEqual([]);
    const gets = calls.filter((c) => c.startsWith('GET '));
    expect(
      gets.filter((c, i) => gets.indexOf(c) !== i),
      `${path}: asked twice`,
    ).toEqual([]);
    page.removeAllListeners('request');
  }
});
