import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ACCOUNT_BLOCKER_LABELS, ACCOUNT_MESSAGES, DELETED_USER_NAME } from '@campusrun/shared';
import { actOnRequest, createRequestViaApi, expectAccessible, seedUser, signIn } from './fixtures';

test('a student downloads a copy of their data from the profile, and it holds theirs and no one else’s private details', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const hosteller = await seedUser(request, 'hosteller', 'Nila Hosteller');
  const other = await seedUser(request, 'hosteller', 'Omar Other');
  const item = `Graph paper ${Date.now().toString(36)}`;
  await createRequestViaApi(request, hosteller, item, 40);
  const said = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${other.token}` },
    data: { receiverId: hosteller.id, content: 'Is the graph paper still needed?' },
  });
  expect(said.status()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, hosteller);
  await expect(page).toHaveURL(/dashboard$/);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^campusrun-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByText('Your data was downloaded').first()).toBeVisible();

  const text = readFileSync((await download.path())!, 'utf8');
  const data = JSON.parse(text) as { profile: { email: string } };
  expect(data.profile.email).toBe(hosteller.email);
  expect(text).toContain(item);
  expect(text).toContain('Is the graph paper still needed?');
  // The other student is named, never their e-mail.
  expect(text).toContain('Omar Other');
  expect(text).not.toContain(other.email);
  await context.close();
});

test('a student deletes their account from the profile: what is still open is listed first, then they land signed out, and their chat partner sees "Deleted user"', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const leaving = await seedUser(request, 'hosteller', 'Lata Leaving');
  const partner = await seedUser(request, 'dayscholar', 'Pavan Partner');
  const item = `Chart paper ${Date.now().toString(36)}`;
  const requestId = await createRequestViaApi(request, leaving, item, 40);
  // A past conversation between the two, and a delivery of hers that the partner has accepted.
  for (const [from, to, content] of [
    [partner, leaving, 'I can bring the chart paper'],
    [leaving, partner, 'Thank you, see you at the gate'],
  ] as const) {
    const sent = await request.post('/api/chat', {
      headers: { Authorization: `Bearer ${from.token}` },
      data: { receiverId: to.id, content },
    });
    expect(sent.status()).toBe(201);
  }
  await actOnRequest(request, partner, requestId, 'accept');

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, leaving);
  await expect(page).toHaveURL(/dashboard$/);
  await page.goto('/profile');
  const deleteAccount = page
    .getByRole('region', { name: 'Your data' })
    .getByRole('button', { name: 'Delete account' });
  await deleteAccount.click();
  const dialog = page.getByRole('dialog', { name: ACCOUNT_MESSAGES.confirmTitle });

  // The accepted delivery stands in the way: it is listed before any password is asked, with its link.
  await expect(dialog.getByText(ACCOUNT_MESSAGES.blocked)).toBeVisible();
  await expect(
    dialog.getByRole('link', { name: `${ACCOUNT_BLOCKER_LABELS.request}: ${item}` }),
  ).toHaveAttribute('href', `/requests/${requestId}`);
  await expect(dialog.getByLabel('Your password')).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Once the partner hands the delivery back, the dialog asks for the password.
  await actOnRequest(request, partner, requestId, 'cancel-delivery');
  await deleteAccount.click();
  await expect(dialog.getByText(ACCOUNT_MESSAGES.confirmBody[3])).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeFocused();

  // A wrong password is said under the field.
  await dialog.getByLabel('Your password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(ACCOUNT_MESSAGES.passwordWrong)).toBeVisible();

  await dialog.getByLabel('Your password').fill(leaving.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(ACCOUNT_MESSAGES.deleted).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The old password opens nothing any more.
  await page.getByLabel('Email').fill(leaving.email);
  await page.getByLabel('Password', { exact: true }).fill(leaving.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();

  // The partner still has the conversation, from "Deleted user", with no way to write back.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const partnerPage = await other.newPage();
  await signIn(partnerPage, partner);
  await expect(partnerPage).toHaveURL(/dashboard$/);
  await partnerPage.goto('/chat');
  const conversation = partnerPage.getByRole('list', { name: 'Conversations' }).getByRole('link');
  await expect(conversation).toHaveCount(1);
  await expect(conversation).toContainText(DELETED_USER_NAME);
  await expect(conversation).toContainText('Thank you, see you at the gate');
  await expect(conversation).not.toContainText('Lata');
  await conversation.click();
  await expect(partnerPage.getByRole('heading', { level: 1, name: DELETED_USER_NAME })).toBeVisible();
  const log = partnerPage.getByRole('log', { name: `Messages with ${DELETED_USER_NAME}` });
  await expect(log.getByText('Thank you, see you at the gate')).toBeVisible();
  await expect(log.getByText('I can bring the chart paper')).toBeVisible();
  await expect(partnerPage.locator(`a[href="/users/${leaving.id}"]`)).toHaveCount(0);
  await expect(partnerPage.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(
    partnerPage.getByText('This account was deleted. You can read your messages, but not reply.'),
  ).toBeVisible();
  await expectAccessible(partnerPage);
  await other.close();
});
