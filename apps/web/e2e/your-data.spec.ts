import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createRequestViaApi, expectAccessible, seedUser, signIn } from './fixtures';

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
