import { expect, test } from '@playwright/test';
import { expectAccessible, seedUser, signIn, trackSocket } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the tab bar reaches Chat in one tap and shows the unread count live', async ({
  page,
  request,
}) => {
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const dayscholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');

  const socket = trackSocket(page);
  const conversations = page.waitForResponse((r) => r.url().endsWith('/api/chat/conversations'));
  await signIn(page, hosteller);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  const bar = page.getByRole('navigation', { name: 'Tab bar' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  // Every tab is a full-height tap target.
  for (const tab of await bar.getByRole('listitem').all()) {
    expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  // The list is loaded and the socket is up: the count can only come from the live message.
  await conversations;
  await socket.connected();
  const sent = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${dayscholar.token}` },
    data: { receiverId: hosteller.id, content: 'Is the desk lamp still there?' },
  });
  expect(sent.status()).toBe(201);
  const chat = bar.getByRole('link', { name: 'Chat, 1 unread' });
  await expect(chat).toBeVisible();
  await expect(chat.getByText('1', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The dashboard's last line stays above the bar.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const main = await page.locator('#main > *').last().boundingBox();
  const barBox = await bar.boundingBox();
  expect(main!.y + main!.height).toBeLessThanOrEqual(barBox!.y);

  // One tap: the conversation list, with the Chat tab marked.
  await chat.click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Chat' })).toBeVisible();
  await expect(bar.getByRole('link', { name: /^Chat/ })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  // Inside the conversation the composer takes the bottom of the screen: the bar steps aside.
  await page.getByRole('link', { name: /Divya Dayscholar/ }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${dayscholar.id}$`));
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeInViewport();
  await expect(bar).toHaveCount(0);
  // One header: the conversation's own (back, the partner), at the top of the screen.
  await expect(page.locator('header:visible')).toHaveCount(1);
  const back = page.getByRole('link', { name: 'Back to conversations' });
  await expect(back).toBeInViewport();
  expect((await back.boundingBox())!.y).toBeLessThan(24);
  // Reading the thread clears the count once back on the list.
  await page.goBack();
  await expect(bar.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();

  // A wide screen has the sidebar and no tab bar, and keeps no room for one below the screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toBeHidden();
  expect(
    await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tab-bar-height')),
  ).toBe('');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
