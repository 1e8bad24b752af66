import { type Browser, type Page, expect, test } from '@playwright/test';
import { type SeededUser, expectAccessible, seedUser, signIn, localInput } from './fixtures';

const stat = (page: Page, label: string) => page.locator('dl > div').filter({ hasText: label }).locator('dd');

async function signedIn(browser: Browser, user: SeededUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

/** A hosteller joins the open run from the Shared runs list with one item. */
async function joinRun(page: Page, run: string, item: string, place: string, shareAfter: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shared runs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shared runs' })).toBeVisible();
  const card = page.getByRole('link', { name: new RegExp(run) });
  // Not a member yet: what their share would be, said as such.
  await expect(card.getByText(`Your share if you join: ${shareAfter}`)).toBeVisible();
  await card.click();
  await page.getByRole('button', { name: 'Join run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join this run' });
  await expect(dialog.getByText(new RegExp(`^Your share if you join: ${shareAfter}`))).toBeVisible();
  await dialog.getByLabel('Item name').fill(item);
  await dialog.getByLabel('Delivery location').fill(place);
  await dialog.getByRole('button', { name: 'Join run' }).click();
  await expect(page.getByText('You joined the run')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your request' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave run' })).toBeVisible();
}

/** The handover code on the hosteller's own request of the run. */
async function ownCode(page: Page) {
  await page.getByRole('link', { name: 'Your request' }).click();
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Part of a shared run' })).toBeVisible();
  const code = page.getByRole('region', { name: 'Handover code' }).getByTestId('handover-code');
  await expect(code).toHaveText(/^\d{4}$/);
  return (await code.textContent())!;
}

test('three hostellers share a run, a day scholar accepts it whole and completes each with its own code; the earnings are the fee', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const token = Date.now().toString(36);
  const asha = await seedUser(request, 'hosteller', 'Asha Starter');
  const bala = await seedUser(request, 'hosteller', 'Bala Joiner');
  const chitra = await seedUser(request, 'hosteller', 'Chitra Joiner');
  const divya = await seedUser(request, 'dayscholar', 'Divya Runner');
  const shop = `Katpadi market ${token}`;
  const run = `Run to ${shop}`;

  // Asha starts the run with her item; the form checks it first.
  const a = await signedIn(browser, asha);
  await a.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shared runs' }).click();
  await a.page.getByRole('link', { name: 'Start a shared run' }).first().click();
  await expect(a.page.getByRole('heading', { level: 1, name: 'Start a shared run' })).toBeVisible();
  await a.page.getByRole('button', { name: 'Start a shared run' }).click();
  await expect(a.page.getByText('Please enter where the items are bought')).toBeVisible();
  await expectAccessible(a.page);
  await a.page.getByLabel('Pick up from').fill(shop);
  await a.page.getByLabel('Join by', { exact: true }).fill(localInput(2));
  // Due sooner than other runs, so it is the one Browse shows first.
  await a.page.getByLabel('Deadline', { exact: true }).fill(localInput(3));
  await a.page.getByLabel('Total delivery fee (₹) — split equally').fill('90');
  await a.page.getByLabel('Item name').fill(`Bread ${token}`);
  await expect(a.page.getByLabel('Delivery location')).toHaveValue('Block B, room 12');
  await a.page.getByRole('button', { name: 'Start a shared run' }).click();
  await expect(a.page.getByText('Shared run started')).toBeVisible();
  await expect(a.page.getByRole('heading', { level: 1, name: run })).toBeVisible();
  await expect(a.page.getByText(`${run} · 1 item · ₹90 · 1 block`)).toBeVisible();
  await expectAccessible(a.page);

  // Bala and Chitra join from the list; each sees the share fall.
  // Bala shares Asha's room (spelled her own way): one drop for the two of them.
  const b = await signedIn(browser, bala);
  await joinRun(b.page, run, `Milk ${token}`, 'block b,  room 12', '₹45');
  const c = await signedIn(browser, chitra);
  await joinRun(c.page, run, `Eggs ${token}`, 'Block C, room 3', '₹30');
  await expectAccessible(c.page);

  // Divya finds the run above the requests on Browse and accepts it whole.
  const d = await signedIn(browser, divya);
  await d.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Browse Requests' })
    .click();
  const strip = d.page.getByRole('list', { name: 'Shared runs to accept' });
  const card = strip.getByRole('link', { name: new RegExp(`${run} · 3 items · ₹90 · 2 blocks`) });
  await expect(card).toBeVisible();
  await expectAccessible(d.page);
  await card.click();
  await expect(d.page.getByRole('heading', { level: 1, name: run })).toBeVisible();
  await d.page.getByRole('button', { name: 'Accept run' }).click();
  const accept = d.page.getByRole('dialog', { name: 'Accept all 3 requests of this run?' });
  await expectAccessible(d.page);
  await accept.getByRole('button', { name: 'Accept run' }).click();
  await expect(d.page.getByText('Run accepted: every request in it is yours to deliver')).toBeVisible();
  await expect(d.page.getByRole('button', { name: 'Accept run' })).toHaveCount(0);
  const runUrl = d.page.url();

  // Each hosteller has their own code on their own request.
  const codes = new Map<string, string>();
  for (const [who, item] of [
    [a, `Bread ${token}`],
    [b, `Milk ${token}`],
    [c, `Eggs ${token}`],
  ] as const) {
    await who.page.goto(runUrl);
    codes.set(item, await ownCode(who.page));
  }

  // Divya completes each request of the run with its requester's code.
  for (const [item, code] of codes) {
    await d.page.goto(runUrl);
    await d.page.getByRole('link', { name: new RegExp(`^${item} × 1$`) }).click();
    await expect(d.page.getByRole('heading', { name: item })).toBeVisible();
    await expect(d.page.getByRole('link', { name: 'Part of a shared run' })).toBeVisible();
    await d.page.getByRole('button', { name: 'Mark as Completed' }).click();
    const complete = d.page.getByRole('dialog');
    await complete.getByLabel('Handover code').fill(code);
    await complete.getByRole('button', { name: 'Confirm' }).click();
    await expect(d.page.getByText('Request completed successfully')).toBeVisible();
  }

  // The earnings are the whole fee: three shares of ₹30.
  await d.page.goto('/dayscholar/dashboard');
  await expect(stat(d.page, 'Completed deliveries')).toHaveText('3');
  await expect(stat(d.page, 'Total earnings')).toHaveText('₹90');

  for (const who of [a, b, c, d]) await who.context.close();
});
