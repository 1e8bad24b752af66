import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { ClusterInfo } from './cluster';
import { seedUser, signIn, trackSocket } from './fixtures';

// Runs only with E2E_NODES=2 (the multi-node stage), after every other spec: the second test kills
// one of the processes behind nginx.
test.describe.configure({ mode: 'serial' });

const cluster = () => JSON.parse(process.env.E2E_CLUSTER!) as ClusterInfo;

/** The process (as nginx names it, 127.0.0.1:<port>) that accepted the page's next WebSocket. */
async function socketUpstream(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let upstream: string | undefined;
  cdp.on('Network.webSocketHandshakeResponseReceived', ({ response }) => {
    const headers = response.headers as Record<string, string>;
    upstream ??= Object.entries(headers).find(([k]) => k.toLowerCase() === 'x-upstream')?.[1];
  });
  return () => upstream;
}

test('consecutive calls land on different processes', async ({ request }) => {
  const served: string[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    served.push(res.headers()['x-upstream'] ?? '');
  }
  expect(new Set(served)).toEqual(new Set(cluster().nodes.map((n) => `127.0.0.1:${n.port}`)));
  for (let i = 1; i < served.length; i++) expect(served[i]).not.toBe(served[i - 1]);
});

test('a process killed in the middle of a chat burst: both users carry on through the other', async ({
  browser,
  request,
}) => {
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const dayscholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');
  const auth = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });

  // A product with a photo, uploaded through the balancer before the kill.
  const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a6' } })
    .jpeg()
    .toBuffer();
  const created = await request.post('/api/products', {
    headers: auth(hosteller),
    multipart: {
      name: 'Drafting set',
      description: 'Compass, divider and scale',
      price: '150',
      category: 'other',
      images: { name: 'set.jpg', mimeType: 'image/jpeg', buffer: image },
    },
  });
  expect(created.status()).toBe(201);
  const photoUrl = ((await created.json()) as { product: { images: string[] } }).product.images[0]!;

  // The thread needs one message.
  const hello = await request.post('/api/chat', {
    headers: auth(hosteller),
    data: { receiverId: dayscholar.id, content: 'Is the set still there?' },
  });
  expect(hello.status()).toBe(201);

  const h = await (await browser.newContext()).newPage();
  const d = await (await browser.newContext()).newPage();
  const hSocket = trackSocket(h);
  const dSocket = trackSocket(d);
  const dUpstream = await socketUpstream(d);
  await signIn(h, hosteller);
  await expect(h).toHaveURL(/\/hosteller\/dashboard$/);
  await signIn(d, dayscholar);
  await expect(d).toHaveURL(/\/dayscholar\/dashboard$/);
  await h.goto(`/chat/${dayscholar.id}`);
  await d.goto(`/chat/${hosteller.id}`);
  await expect(d.getByRole('heading', { name: hosteller.name })).toBeVisible();
  await hSocket.connected();
  await dSocket.connected();

  // The victim: the process holding the sender's socket, so the sender must reconnect.
  await expect.poll(dUpstream).toBeTruthy();
  const victim = cluster().nodes.find((n) => `127.0.0.1:${n.port}` === dUpstream());
  expect(victim, `no process answers to ${dUpstream()}`).toBeDefined();

  const tag = Date.now().toString(36);
  const texts = Array.from({ length: 16 }, (_, i) => `Burst ${tag} #${i + 1}`);
  const box = d.getByRole('textbox', { name: 'Message' });
  for (const [i, text] of texts.entries()) {
    if (i === 6) process.kill(victim!.pid, 'SIGKILL');
    await box.fill(text);
    await box.press('Enter');
  }

  // The sender reconnects to the survivor (after the client's backoff, and perhaps a try that the
  // balancer still sent to the dead process); nothing stays unacknowledged, nothing failed.
  await dSocket.connected(2, 30_000);
  const dLog = d.getByRole('log');
  await expect(dLog.getByText('Sending...')).toHaveCount(0, { timeout: 30_000 });
  await expect(d.getByText('Failed to send message')).toHaveCount(0);
  await expect(box).toHaveValue('');

  // Every acknowledged message is stored exactly once, in order, for both users.
  for (const [me, partner] of [
    [dayscholar, hosteller],
    [hosteller, dayscholar],
  ] as const) {
    const res = await request.get(`/api/chat/conversation/${partner.id}?limit=50`, { headers: auth(me) });
    expect(res.status()).toBe(200);
    const stored = ((await res.json()) as { messages: { content: string }[] }).messages
      .map((m) => m.content)
      .filter((c) => c.startsWith(`Burst ${tag} `));
    expect([...stored].sort()).toEqual([...texts].sort());
  }

  // Both threads, reloaded through the survivor, show each message once. (Reloaded: a message the
  // killed process stored but had not pushed yet is acknowledged on the resend, not pushed again.)
  await d.reload();
  await h.reload();
  const hLog = h.getByRole('log');
  for (const text of texts) {
    await expect(dLog.getByText(text, { exact: true })).toHaveCount(1);
    await expect(hLog.getByText(text, { exact: true })).toHaveCount(1);
  }

  // Both still talk live.
  const reply = `Got all of them ${tag}`;
  await h.getByRole('textbox', { name: 'Message' }).fill(reply);
  await h.keyboard.press('Enter');
  await expect(hLog.getByText(reply)).toBeVisible();
  await expect(dLog.getByText(reply)).toBeVisible();

  // Photos still load, whichever process is asked.
  for (let i = 0; i < 4; i++) {
    const res = await request.get(photoUrl);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^image\//);
  }

  // Sign-in still works, and so does signing up (its code comes by mail from the survivor).
  const again = await (await browser.newContext()).newPage();
  await signIn(again, hosteller);
  await expect(again).toHaveURL(/\/hosteller\/dashboard$/);
  const newcomer = await seedUser(request, 'dayscholar', 'Nina Newcomer');
  expect(newcomer.token).toBeTruthy();
});
