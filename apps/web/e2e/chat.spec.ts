import { type APIRequestContext, expect, test } from '@playwright/test';
import { type SeededUser, expectAccessible, seedUser, signIn, trackSocket } from './fixtures';

async function createRequestViaApi(request: APIRequestContext, user: SeededUser, itemName: string) {
  const res = await request.post('/api/requests', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: {
      itemName,
      description: 'Seeded by the chat E2E test',
      quantity: 1,
      expectedPrice: 40,
      deadline: new Date(Date.now() + 5 * 3_600_000).toISOString(),
      deliveryLocation: 'Block B gate',
      isUrgent: false,
      category: 'other',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { request: { id: string } }).request.id;
}

test('two users: live notification, online dot, typing, a live message that becomes Read', async ({
  browser,
  request,
}) => {
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const dayscholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');

  const h = await (await browser.newContext()).newPage();
  const d = await (await browser.newContext()).newPage();
  await signIn(h, hosteller);
  await expect(h).toHaveURL(/\/hosteller\/dashboard$/);
  await signIn(d, dayscholar);
  await expect(d).toHaveURL(/\/dayscholar\/dashboard$/);

  // A live notification with a badge when the day scholar accepts the hosteller's request.
  const requestId = await createRequestViaApi(request, hosteller, `Chai ${Date.now().toString(36)}`);
  const accepted = await request.put(`/api/requests/${requestId}/accept`, {
    headers: { Authorization: `Bearer ${dayscholar.token}` },
  });
  expect(accepted.status()).toBe(200);
  const bell = h.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await expect(bell.getByText('1', { exact: true })).toBeVisible();
  await bell.click();
  await expect(h.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  // Clicking it opens the request and marks it read.
  await h.getByRole('button', { name: /accepted your request for/ }).click();
  await expect(h).toHaveURL(new RegExp(`/requests/${requestId}$`));
  await expect(h.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Presence and typing are shared only once both users have written to each other.
  const hello = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${hosteller.token}` },
    data: { receiverId: dayscholar.id, content: 'Thanks for taking it!' },
  });
  expect(hello.status()).toBe(201);
  const reply = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${dayscholar.token}` },
    data: { receiverId: hosteller.id, content: 'You are welcome' },
  });
  expect(reply.status()).toBe(201);

  // The hosteller opens the thread: the day scholar is online.
  await h.goto(`/chat/${dayscholar.id}`);
  await expect(h.getByRole('heading', { name: dayscholar.name })).toBeVisible();
  // The thread's header (from 1,024 px the conversation list beside it has the dot too).
  await expect(h.getByRole('log').locator('xpath=..').getByTestId('online-dot').first()).toBeVisible();
  await expectAccessible(h);

  // The day scholar types: the indicator appears, then clears after 2 s without input.
  const dSocket = trackSocket(d);
  await d.goto(`/chat/${hosteller.id}`);
  await expect(d.getByRole('heading', { name: hosteller.name })).toBeVisible();
  // The live connection arrives after the first screen: typing before it is not relayed.
  await dSocket.connected();
  await d.getByRole('textbox', { name: 'Message' }).fill('On my w');
  await d.getByRole('textbox', { name: 'Message' }).pressSequentially('a');
  const typing = h.getByText(`${dayscholar.name} is typing…`);
  await expect(typing).toBeVisible();
  await expect(typing).toBeHidden({ timeout: 6000 });

  // The hosteller leaves the thread; a message arrives live in the conversation list.
  const hSocket = trackSocket(h);
  await h.goto('/chat');
  await expect(h.getByRole('heading', { name: 'Chat' })).toBeVisible();
  await hSocket.connected();
  const text = `Reached the gate ${Date.now().toString(36)}`;
  await d.getByRole('textbox', { name: 'Message' }).fill(text);
  await d.keyboard.press('Enter');
  const log = d.getByRole('log');
  await expect(log.getByText(text)).toBeVisible();
  await expect(log.getByText('Sent', { exact: true })).toBeVisible();
  await expect(d.getByRole('textbox', { name: 'Message' })).toBeFocused();

  const conversation = h.getByRole('link', { name: new RegExp(dayscholar.name) });
  await expect(conversation).toContainText(text);

  // Opening the thread reads it: the day scholar sees 'Read' on both their messages.
  await conversation.click();
  await expect(h.getByRole('log').getByText(text)).toBeVisible();
  await expect(log.getByText('Read', { exact: true })).toHaveCount(2);
  await expect(log.getByText('Sent', { exact: true })).toHaveCount(0);
});

test('on a phone: the header keeps a long name on one line beside a ⋯ menu, links open in a new tab, a long press opens a message’s menu', async ({
  browser,
  request,
}) => {
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const longName = 'Venkatalakshmi Subramaniam Raghavendran';
  const scholar = await seedUser(request, 'dayscholar', longName);
  const sent = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${scholar.token}` },
    data: { receiverId: hosteller.id, content: 'Photos here: https://example.com/cycle. Still free?' },
  });
  expect(sent.status()).toBe(201);

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const h = await context.newPage();
  await signIn(h, hosteller);
  await expect(h).toHaveURL(/\/hosteller\/dashboard$/);
  await h.goto(`/chat/${scholar.id}`);

  const heading = h.getByRole('heading', { level: 1, name: longName });
  await expect(heading).toBeVisible();
  const more = h.getByRole('button', { name: `More actions for ${longName}` });
  await expect(more).toBeVisible();
  // One line for the name, and the ⋯ button inside the screen.
  const headingBox = (await heading.boundingBox())!;
  expect(headingBox.height).toBeLessThan(30);
  // The menu's code arrives after the first screen and takes the stand-in's place: measure whichever
  // button is there, again until one is measured.
  await expect
    .poll(async () => {
      const box = await more.boundingBox();
      return box && { fits: box.x + box.width <= 390, tall: box.height >= 44 };
    })
    .toEqual({ fits: true, tall: true });

  // The address is a link that opens in a new tab; the full stop after it is not part of it.
  const link = h.getByRole('log').getByRole('link', { name: 'https://example.com/cycle' });
  await expect(link).toHaveAttribute('href', 'https://example.com/cycle');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer ugc');

  // On a touch screen the message's ⋯ is always there, and a long press opens the same menu.
  const messageMore = h.getByRole('button', { name: /^More actions for the message of / });
  await expect(messageMore).toHaveCSS('opacity', '1');
  const bubble = (await h.getByRole('log').getByText('Still free?').boundingBox())!;
  const cdp = await context.newCDPSession(h);
  const point = { x: bubble.x + bubble.width - 10, y: bubble.y + bubble.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await h.waitForTimeout(800);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const menu = h.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Report message' })).toBeVisible();
  await expectAccessible(h);
  await menu.getByRole('menuitem', { name: 'Report message' }).click();
  const dialog = h.getByRole('dialog', { name: /^Report the message of / });
  await expect(dialog.getByRole('button', { name: 'Send report' })).toBeVisible();
  await context.close();
});
