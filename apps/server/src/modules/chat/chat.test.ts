import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, notifications, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });

async function person(name: string, role: 'hosteller' | 'dayscholar' = 'hosteller') {
  const user = await createUser(t.db, { role, name });
  return { ...user, h: await authAs(t, user) };
}

const send = (from: { h: Headers }, to: { id: string }, content: string, clientId?: string) =>
  post('/api/chat', from.h, { receiverId: to.id, content, ...(clientId ? { clientId } : {}) });

describe('POST /api/chat', () => {
  it('stores the message, notifies the receiver and is idempotent on clientId', async () => {
    const a = await person('Asha');
    const b = await person('Ravi', 'dayscholar');
    const res = await send(a, b, '  hello there  ', 'c-1');
    expect(res.statusCode).toBe(201);
    const { message } = res.json();
    expect(message).toMatchObject({
      clientId: 'c-1',
      senderId: a.id,
      receiverId: b.id,
      content: 'hello there',
      isRead: false,
    });
    expect(new Date(message.sentAt).toISOString()).toBe(message.sentAt);

    const again = await send(a, b, 'hello there', 'c-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(message.id);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(1);

    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'message',
      message: 'Asha sent you a message',
      data: { senderId: a.id },
    });
  });

  it('refuses empty text, self, unknown and malformed receivers, and strangers', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    expect((await send(a, b, '   ')).statusCode).toBe(400);
    expect((await send(a, b, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await send(a, a, 'hi')).statusCode).toBe(400);
    expect((await send(a, { id: '00000000-0000-4000-8000-000000000000' }, 'hi')).statusCode).toBe(404);
    expect((await send(a, { id: 'nope' }, 'hi')).statusCode).toBe(400);
    expect((await send(a, b, 'hi', 'bad id!')).statusCode).toBe(400);
    expect((await post('/api/chat', {}, { receiverId: b.id, content: 'hi' })).statusCode).toBe(401);
    // An account whose profile is not complete yet (a new Google sign-in) may not send.
    const c = await person('Chitra');
    await t.db.update(users).set({ isProfileComplete: false }).where(eq(users.id, c.id));
    expect((await send(c, b, 'hi')).statusCode).toBe(403);
  });
});

describe('conversations and history', () => {
  it('lists partners newest first with the latest message and unread counts, in one query', async () => {
    const me = await person('Me');
    const x = await person('Xavier');
    const y = await person('Yamini');
    await send(x, me, 'from x 1');
    await send(x, me, 'from x 2');
    await send(me, y, 'to y');
    await send(y, me, 'from y');
    const res = await get('/api/chat/conversations', me.h);
    expect(res.statusCode).toBe(200);
    const { conversations } = res.json();
    expect(conversations).toHaveLength(2);
    expect(conversations[0]).toMatchObject({
      user: { id: y.id, name: 'Yamini', avatar: null },
      latestMessage: { content: 'from y', senderId: y.id },
      unreadCount: 1,
    });
    expect(conversations[1]).toMatchObject({
      user: { id: x.id, name: 'Xavier' },
      latestMessage: { content: 'from x 2', senderId: x.id },
      unreadCount: 2,
    });
    const other = await get('/api/chat/conversations', x.h);
    expect(other.json().conversations).toMatchObject([{ user: { id: me.id }, unreadCount: 0 }]);
  });

  it('pages history newest page first (oldest first within it) and marks incoming messages read', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    for (let i = 1; i <= 5; i++) {
      await send(i % 2 ? a : b, i % 2 ? b : a, `m${i}`);
    }
    const first = await get(`/api/chat/conversation/${a.id}?limit=3`, b.h);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.user).toEqual({ id: a.id, name: 'Asha', avatar: null });
    expect(page1.messages.map((m: { content: string }) => m.content)).toEqual(['m3', 'm4', 'm5']);
    expect(
      page1.messages
        .filter((m: { senderId: string }) => m.senderId === a.id)
        .every((m: { isRead: boolean }) => m.isRead),
    ).toBe(true);
    const second = await get(`/api/chat/conversation/${a.id}?limit=3&cursor=${page1.nextCursor}`, b.h);
    expect(second.json().messages.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2']);
    expect(second.json().nextCursor).toBeNull();

    const unread = await t.db.select().from(messages).where(eq(messages.receiverId, b.id));
    expect(unread.every((m) => m.isRead && m.readAt)).toBe(true);
    const list = await get('/api/chat/conversations', b.h);
    expect(list.json().conversations[0].unreadCount).toBe(0);
    // a's own messages to b stay unread for a's view of b's messages
    const aList = await get('/api/chat/conversations', a.h);
    expect(aList.json().conversations[0].unreadCount).toBe(2);
  });

  it('404 for unknown users, 400 for self and bad cursors', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    expect((await get('/api/chat/conversation/00000000-0000-4000-8000-000000000000', a.h)).statusCode).toBe(
      404,
    );
    expect((await get('/api/chat/conversation/whatever', a.h)).statusCode).toBe(404);
    expect((await get(`/api/chat/conversation/${a.id}`, a.h)).statusCode).toBe(400);
    expect((await get(`/api/chat/conversation/${b.id}?cursor=zzz`, a.h)).statusCode).toBe(400);
    expect((await get(`/api/chat/conversation/${b.id}`, {})).statusCode).toBe(401);
  });
});

describe('message notifications', () => {
  const messageNotifications = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'message')));

  it('chat spam: one sender leaves one unread notification, which each new message refreshes', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const c = await person('Chandra');
    for (let i = 1; i <= 3; i++) expect((await send(a, b, `spam ${i}`)).statusCode).toBe(201);
    const [only, ...more] = await messageNotifications(b.id);
    expect(more).toEqual([]);
    expect(only).toMatchObject({
      message: 'Asha sent you a message',
      data: { senderId: a.id },
      isRead: false,
    });
    const lastSent = (await t.db.select().from(messages).where(eq(messages.senderId, a.id))).reduce(
      (latest, m) => (m.sentAt > latest ? m.sentAt : latest),
      new Date(0),
    );
    expect(only!.createdAt.getTime()).toBeGreaterThanOrEqual(lastSent.getTime());
    const list = (await get('/api/notifications', b.h)).json();
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toHaveLength(1);

    // Another sender has a notification of their own.
    await send(c, b, 'hi from c');
    expect(await messageNotifications(b.id)).toHaveLength(2);

    // Once read, the next message leaves a new one; the read one stays as it was.
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/notifications/${only!.id}/read`, headers: b.h }))
        .statusCode,
    ).toBe(200);
    await send(a, b, 'after reading');
    const fromA = (await messageNotifications(b.id)).filter((n) => n.data.senderId === a.id);
    expect(fromA).toHaveLength(2);
    expect(fromA.filter((n) => !n.isRead)).toHaveLength(1);
    expect(fromA.find((n) => n.isRead)).toEqual({ ...only, isRead: true });
  });

  it('chat spam: messages sent at the same moment still leave one unread notification', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(a, b, `burst ${i}`, `cb-${i}`)),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(await messageNotifications(b.id)).toHaveLength(1);
  });
});
