import { type Page, expect, test } from '@playwright/test';
import {
  actOnRequest,
  createRequestViaApi,
  listProductViaApi,
  seedUser,
  signIn,
  uniqueEmail,
} from './fixtures';

/** Names of 60 characters and campus e-mails of 64, the longest the app must fit on a phone. */
const LONG_NAME = 'Venkatanarasimharajuvaripeta Lakshminarayanan Subramaniam I'.padEnd(60, 'y');
const OTHER_LONG_NAME = 'Parameswaranpillai Chandrasekharan Nair Thiruvananthapuram'.padEnd(60, 'm');
const longEmail = (role: string) => {
  const unique = uniqueEmail(role);
  return 'a'.repeat(64 - unique.length) + unique;
};

/** Nothing on the screen is wider than the window: it never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  // Drawn and settled: the fonts and the screen's data are in.
  await page.waitForLoadState('networkidle');
  const { scrollWidth, clientWidth, culprit } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The deepest element whose box or whose own content (a long word) reaches past the window.
    let found = '';
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || element.closest('.sr-only')) continue;
      const reach = box.left + Math.max(box.width, element.scrollWidth);
      if (reach > width + 0.5)
        found = `<${element.tagName.toLowerCase()} class="${String(element.className).slice(0, 60)}">${(element.textContent ?? '').slice(0, 40)} (to ${Math.round(reach)} px)`;
    }
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, culprit: found };
  });
  expect
    .soft(scrollWidth, `${screen}: scrolls sideways; too wide: ${culprit}`)
    .toBeLessThanOrEqual(clientWidth);
}

test('with 60-character names and 64-character e-mails nothing scrolls sideways on a 360 px phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const hosteller = await seedUser(request, 'hosteller', LONG_NAME, longEmail('hosteller'));
  const dayscholar = await seedUser(request, 'dayscholar', OTHER_LONG_NAME, longEmail('dayscholar'));
  expect(hosteller.email).toHaveLength(64);
  const requestId = await createRequestViaApi(request, hosteller, 'Printer paper');
  await actOnRequest(request, dayscholar, requestId, 'accept');
  const productId = await listProductViaApi(request, hosteller, { name: 'Scientific calculator fx-991EX' });
  const hello = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${dayscholar.token}` },
    data: { receiverId: hosteller.id, content: 'On my way with the paper' },
  });
  expect(hello.status()).toBe(201);

  for (const [who, screens] of [
    [
      hosteller,
      [
        '/hosteller/dashboard',
        '/hosteller/my-requests',
        `/requests/${requestId}`,
        `/products/${productId}`,
        '/chat',
        `/chat/${dayscholar.id}`,
        `/users/${dayscholar.id}`,
        '/money',
        '/profile',
      ],
    ],
    [
      dayscholar,
      [
        '/dayscholar/dashboard',
        '/dayscholar/my-deliveries',
        `/requests/${requestId}`,
        `/products/${productId}`,
        '/profile',
      ],
    ],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, who);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expectNoSidewaysScroll(page, `${who.role} ${path}`);
    }
    // The dialogs of the Me tab too: deleting the account first lists what is still open (here the
    // accepted request, by its link).
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: /Printer paper/ })).toBeVisible();
    await expectNoSidewaysScroll(page, `${who.role} delete account dialog`);
    await context.close();
  }
});
