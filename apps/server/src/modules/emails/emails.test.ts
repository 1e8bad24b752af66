/**
 * E-mails to users who are away, through the PostgreSQL job queue and a real SMTP sink (the unread
 * delay is 1 s here instead of 10 minutes).
 */
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { buildTestApp, createTestDatabase, testConfig, type TestApp } from '../../test/build-test-app';
import { DEFAULT_PASSWORD, authAs, createRequest, createUser, tokenFor } from '../../test/factories';
import { startSmtpSink } from '../../test/smtp-sink';

const offlineEmail = { enabled: true, unreadDelaySeconds: 1 };
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await buildTestApp({ offlineEmail });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than the delay plus the queue's polling. */
const pastTheDelay = () => wait(3000);
const say = async (app: App, from: { id: string; tokenVersion: number }, to: string, content: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: await authAs(t, from),
    payload: { receiverId: to, content },
  });
  expect(res.statusCode).toBe(201);
};

describe('away e-mails', () => {
  it('one e-mail for messages left unread, with the thread link and a one-click unsubscribe; not again within the hour', async () => {
    const alice = await createUser(t.db, { name: 'Alice Sender' });
    const bob = await createUser(t.db, { name: 'Bob Away' });
    await say(t.app, alice, bob.id, 'Are you coming?');
    await say(t.app, alice, bob.id, 'Hello?');
    const mail = await t.smtp.waitFor(bob.email, { match: /unread/, timeoutMs: 8000 });
    expect(mail.subject).toBe('You have 2 unread messages from Alice Sender');
    expect(mail.body).toContain(`${t.config.publicUrl}/chat/${alice.id}`);
    // (a long header is folded onto the next line; the sink's quoted-printable decoding may eat the '=')
    expect(mail.body).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/email\/unsubscribe\?token[^>]+>/m);
    expect(mail.body).toMatch(/^List-Unsubscribe-Post:\s+List-Unsubscribe=One-Click/m);

    await say(t.app, alice, bob.id, 'Still there?');
    await pastTheDelay();
    expect(t.smtp.find(bob.email, /unread/)).toHaveLength(1);
  });

  it('nothing when the message is read in time, or while the receiver has the app open', async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const bob = await createUser(t.db, { name: 'Bob Reads' });
    const carol = await createUser(t.db, { name: 'Carol Online' });
    await say(t.app, alice, bob.id, 'quick one');
    await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversation/${alice.id}`,
      headers: await authAs(t, bob),
    });

    const socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await tokenFor(t, carol) },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await say(t.app, alice, carol.id, 'you are online');
    await pastTheDelay();
    socket.disconnect();
    expect(t.smtp.find(bob.email)).toHaveLength(0);
    expect(t.smtp.find(carol.email)).toHaveLength(0);
  });

  it('never after unsubscribing from the link; a forged link changes nothing', async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const dan = await createUser(t.db, { name: 'Dan' });
    const erin = await createUser(t.db, { name: 'Erin' });
    await say(t.app, alice, dan.id, 'first');
    const mail = await t.smtp.waitFor(dan.email, { match: /unread/, timeoutMs: 8000 });
    const link = /(http:\/\/\S+\/api\/email\/unsubscribe\?token=[A-Za-z0-9%._-]+)/.exec(mail.body)![1]!;
    const path = new URL(link).pathname + new URL(link).search;

    const forged = await t.app.inject({
      method: 'GET',
      url: path.replace(/token=[^.]+/, `token=${erin.id}`),
    });
    expect(forged.statusCode).toBe(400);
    const done = await t.app.inject({ method: 'GET', url: path });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will no longer get “Unread messages” e-mails.');
    const prefs = await t.app.inject({
      method: 'GET',
      url: '/api/email/preferences',
      headers: await authAs(t, dan),
    });
    expect(prefs.json()).toEqual({ preferences: { messages: false, requests: true, searches: false } });

    await say(t.app, erin, dan.id, 'from someone else');
    await pastTheDelay();
    expect(t.smtp.find(dan.email, /unread/)).toHaveLength(1);
  });

  it('a message to someone who then deletes their account sends nothing to their old address', async () => {
    const alice = await createUser(t.db, { name: 'Alice Sender' });
    const bob = await createUser(t.db, { name: 'Bob Leaving' });
    const carol = await createUser(t.db, { name: 'Carol Staying' });
    await say(t.app, alice, bob.id, 'Did you get the book?');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: await authAs(t, bob),
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    // Carol's message is queued after Bob's: once hers is sent, his had its turn.
    await say(t.app, alice, carol.id, 'Did you get the book?');
    await t.smtp.waitFor(carol.email, { match: /unread/, timeoutMs: 8000 });
    await pastTheDelay();
    expect(t.smtp.find(bob.email)).toHaveLength(0);
  });

  it('tells a requester who is away that their request was accepted', async () => {
    const hosteller = await createUser(t.db, { role: 'hosteller', name: 'Hema' });
    const scholar = await createUser(t.db, { role: 'dayscholar', name: 'Dev Deliverer' });
    const request = await createRequest(t.db, { requester: hosteller, itemName: 'Printer paper' });
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/api/requests/${request.id}/accept`,
      headers: await authAs(t, scholar),
    });
    expect(accepted.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(hosteller.email, { match: /accepted/, timeoutMs: 8000 });
    expect(mail.subject).toBe('Dev Deliverer accepted your request for Printer paper');
    expect(mail.body).toContain(`/requests/${request.id}`);
  });
});

describe('two processes', () => {
  it('send each e-mail exactly once', async () => {
    const smtp = await startSmtpSink();
    const database = await createTestDatabase();
    const config = testConfig({ offlineEmail }, { SMTP_URL: smtp.url });
    const [a, b] = [await buildApp(config, database), await buildApp(config, database)];
    try {
      await Promise.all([a.ready(), b.ready()]);
      const receiver = await createUser(database.db, { name: 'Away' });
      const senders = await Promise.all(
        [1, 2, 3, 4].map((i) => createUser(database.db, { name: `Sender ${i}` })),
      );
      for (const [i, s] of senders.entries()) {
        const res = await (i % 2 ? a : b).inject({
          method: 'POST',
          url: '/api/chat',
          headers: { authorization: `Bearer ${await tokenFor({ config, db: database.db }, s)}` },
          payload: { receiverId: receiver.id, content: `hi from ${i}` },
        });
        expect(res.statusCode).toBe(201);
      }
      await smtp.waitFor(receiver.email, { match: /unread/, count: 4, timeoutMs: 10_000 });
      await wait(2000);
      const subjects = smtp
        .find(receiver.email, /unread/)
        .map((m) => m.subject)
        .sort();
      expect(subjects).toEqual([1, 2, 3, 4].map((i) => `You have 1 unread message from Sender ${i}`));
    } finally {
      await a.close();
      await b.close();
      await database.close();
      await smtp.close();
    }
  });
});

describe('mail outcomes in /api/metrics', () => {
  /** This app's mails so far by outcome (every mail, not only away e-mails). */
  const mailSends = async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
    const count = (outcome: string) =>
      Number(new RegExp(`^email_sends_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(body)?.[1]);
    return { sent: count('sent'), failed: count('failed') };
  };
  const forgotPassword = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

  it('counts a mail the mail server refuses as failed, and the next one as sent', async () => {
    const [ann, ben] = [await createUser(t.db), await createUser(t.db)];
    const before = await mailSends();
    // Both outcomes are reported from the start, at 0 before any mail.
    expect([before.sent, before.failed].every(Number.isInteger)).toBe(true);
    t.smtp.refuseNext(1);
    expect((await forgotPassword(ann.email)).statusCode).toBe(200);
    await expect.poll(async () => (await mailSends()).failed).toBe(before.failed + 1);
    expect((await forgotPassword(ben.email)).statusCode).toBe(200);
    await t.smtp.waitFor(ben.email);
    await expect.poll(async () => (await mailSends()).sent).toBeGreaterThanOrEqual(before.sent + 1);
    expect((await mailSends()).failed).toBe(before.failed + 1);
  });
});
