import { expect, test } from '@playwright/test';
import { PASSWORD, expectAccessible, seedUser, signIn, listProductViaApi } from './fixtures';

const word = () =>
  'zs' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('three students report a product and it leaves the marketplace', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const seller = await seedUser(request, 'hosteller', 'Sid Seller');
  const name = `Phone ${word()}`;
  const productId = await listProductViaApi(request, seller, {
    name,
    description: 'Listed by the safety test',
  });
  const reporters = [
    await seedUser(request, 'hosteller', 'Rita Reporter'),
    await seedUser(request, 'hosteller', 'Ravi Reporter'),
    await seedUser(request, 'hosteller', 'Rhea Reporter'),
  ];
  // Only reports from members who have taken part count toward hiding a listing (the run counts
  // accounts of any age: REPORT_HOLD_ACCOUNT_AGE_HOURS=0): each reporter has sent five messages.
  const friend = await seedUser(request, 'dayscholar', 'Fiona Friend');
  for (const reporter of reporters)
    for (let i = 1; i <= 5; i++) {
      const sent = await request.post('/api/chat', {
        headers: { Authorization: `Bearer ${reporter.token}` },
        data: { receiverId: friend.id, content: `Hello ${i}` },
      });
      expect(sent.status()).toBe(201);
    }

  for (const [i, reporter] of reporters.entries()) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await signIn(page, reporter);
    await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
    await page.goto('/hosteller/marketplace');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name.split(' ')[1]!);
    // The search is applied (debounced, kept in the address) before the result is clicked.
    await expect(page).toHaveURL(new RegExp(`search=${name.split(' ')[1]!}`));
    // Still listed before the third report.
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${productId}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this product' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Please choose a reason')).toBeVisible();
    await dialog.getByRole('radio', { name: i === 0 ? 'Scam' : 'Prohibited item' }).check();
    await dialog.getByLabel('Details (optional)').fill('Price too good to be true');
    if (i === 0) await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thanks for your report. A moderator will look at it.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await context.close();
  }

  // After the third report nobody finds it in the marketplace any more.
  const viewer = await seedUser(request, 'hosteller', 'Vani Viewer');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, viewer);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  await page.goto('/hosteller/marketplace');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name.split(' ')[1]!);
  await expect(page.getByText('No products match your filters')).toBeVisible();
  const list = await request.get('/api/products?limit=100', {
    headers: { Authorization: `Bearer ${viewer.token}` },
  });
  expect(((await list.json()) as { products: { id: string }[] }).products.map((p) => p.id)).not.toContain(
    productId,
  );
  await context.close();
});

test('a blocked user’s message is refused, and unblocking from the profile lets it through', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const hosteller = await seedUser(request, 'hosteller', 'Hina Hosteller');
  const scholar = await seedUser(request, 'dayscholar', 'Dev Scholar');
  // They have talked before.
  const first = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${scholar.token}` },
    data: { receiverId: hosteller.id, content: 'Hi, I can bring it', clientId: crypto.randomUUID() },
  });
  expect(first.status()).toBe(201);

  const hContext = await browser.newContext();
  const h = await hContext.newPage();
  await signIn(h, hosteller);
  await expect(h).toHaveURL(/\/hosteller\/dashboard$/);
  await h.goto(`/chat/${scholar.id}`);
  await expect(h.getByRole('heading', { level: 1, name: 'Dev Scholar' })).toBeVisible();
  // A received message can be reported from its own menu.
  await h.getByRole('button', { name: /^More actions for the message of / }).click();
  await h.getByRole('menuitem', { name: 'Report message' }).click();
  const reportMessage = h.getByRole('dialog', { name: /^Report the message of / });
  await reportMessage.getByRole('radio', { name: 'Harassment' }).check();
  await reportMessage.getByRole('button', { name: 'Send report' }).click();
  await expect(h.getByText('Thanks for your report. A moderator will look at it.')).toBeVisible();
  // Report and Block are in the header's menu.
  await h.getByRole('button', { name: 'More actions for Dev Scholar' }).click();
  await expect(h.getByRole('menuitem', { name: 'Report user' })).toBeVisible();
  await expectAccessible(h);
  await h.getByRole('menuitem', { name: 'Block' }).click();
  const confirm = h.getByRole('dialog', { name: 'Block Dev Scholar?' });
  await expectAccessible(h);
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(h.getByText('User blocked')).toBeVisible();
  await h.getByRole('button', { name: 'More actions for Dev Scholar' }).click();
  await expect(h.getByRole('menuitem', { name: 'Unblock' })).toBeVisible();
  await h.keyboard.press('Escape');

  // The blocked day scholar's message is refused, with the reason, and their text comes back.
  const dContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const d = await dContext.newPage();
  await signIn(d, scholar);
  await expect(d).toHaveURL(/\/dayscholar\/dashboard$/);
  await d.goto(`/chat/${hosteller.id}`);
  await expect(d.getByRole('log').getByText('Hi, I can bring it')).toBeVisible();
  const box = d.getByRole('textbox', { name: /message/i });
  await box.fill('Are you there?');
  await box.press('Enter');
  await expect(d.getByText('You cannot message this user')).toBeVisible();
  await expect(box).toHaveValue('Are you there?');

  // The hosteller unblocks from the profile; the message then goes through.
  await h.goto('/profile');
  const blocked = h.getByRole('region', { name: 'Blocked users' });
  await expect(blocked.locator('p', { hasText: 'Dev Scholar' })).toBeVisible();
  await expectAccessible(h);
  await blocked.getByRole('button', { name: 'Unblock Dev Scholar' }).click();
  await expect(h.getByText('User unblocked')).toBeVisible();
  await expect(blocked.getByText('You have not blocked anyone')).toBeVisible();

  await d.getByRole('button', { name: 'Send message' }).click();
  await expect(d.getByRole('log').getByText('Are you there?')).toBeVisible();
  await expect(
    d
      .getByText('Sent', { exact: true })
      .or(d.getByText('Read', { exact: true }))
      .first(),
  ).toBeVisible();
  await hContext.close();
  await dContext.close();
});

test('a moderator removes a reported product and its seller is told why', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const seller = await seedUser(request, 'hosteller', 'Sana Seller');
  const name = `Speaker ${word()}`;
  const productId = await listProductViaApi(request, seller, {
    name,
    description: 'Listed by the safety test',
  });
  for (const reporter of [
    await seedUser(request, 'hosteller', 'Rohan Reporter'),
    await seedUser(request, 'dayscholar', 'Riya Reporter'),
  ]) {
    const res = await request.post('/api/reports', {
      headers: { Authorization: `Bearer ${reporter.token}` },
      data: {
        targetType: 'product',
        targetId: productId,
        reason: 'prohibited_item',
        details: 'Looks stolen',
      },
    });
    expect(res.status()).toBe(201);
  }

  // The moderator's address is in MODERATOR_EMAILS: signing in makes them one.
  const email = process.env.E2E_MODERATOR_EMAIL!;
  const existing = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const moderator =
    existing.status() === 200
      ? { email, password: PASSWORD }
      : await seedUser(request, 'dayscholar', 'Meera Moderator', email);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const m = await context.newPage();
  await signIn(m, moderator);
  await expect(m).toHaveURL(/\/dayscholar\/dashboard$/);
  await m.goto('/moderation');
  await expect(m.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const card = m.getByRole('listitem').filter({ has: m.getByRole('heading', { level: 2, name }) });
  await expect(card.getByText('Looks stolen').first()).toBeVisible();
  await expect(card.getByText('2 reports')).toBeVisible();
  await expectAccessible(m);
  await card.getByRole('button', { name: 'Remove' }).click();
  const dialog = m.getByRole('dialog', { name: 'Remove it for everyone?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Stolen goods are not allowed');
  await expectAccessible(m);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(m.getByText('Removed', { exact: true }).first()).toBeVisible();
  await expect(m.getByRole('heading', { level: 2, name })).toHaveCount(0);
  await m.getByRole('tab', { name: 'Action log' }).click();
  await expect(m.getByText('Stolen goods are not allowed')).toBeVisible();
  await context.close();

  // The seller's bell has the notice; the product is gone.
  const sContext = await browser.newContext();
  const s = await sContext.newPage();
  await signIn(s, seller);
  await expect(s).toHaveURL(/\/hosteller\/dashboard$/);
  await s.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    s.getByText(`Your product "${name}" was removed by a moderator: Stolen goods are not allowed`),
  ).toBeVisible();
  await s.goto(`/products/${productId}`);
  await expect(s.getByText('Product not found').first()).toBeVisible();
  await sContext.close();
});
