import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows } from './db/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, notifications } from './db/schema';
import { createEvents } from './lib/events';
import { createLimiterFactory } from './lib/rate-limit';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { createProduct, createUser } from './test/factories';
import { saveMessageNotifications } from './modules/notifications/notifications.writer';
import { createChatService } from './modules/chat/chat.service';

let t: TestApp;
let chat: ReturnType<typeof createChatService>;
beforeAll(async () => {
  t = await buildTestApp();
  chat = createChatService(
    {
      db: t.db,
      events: createEvents(t.app.log),
      limiter: createLimiterFactory(),
      storage: { url: (key: string) => `/uploads/${key}` } as never,
      config: t.config,
    },
    { followUps: saveMessageNotifications },
  );
});
afterAll(() => t.close());

const actor = (u: { id: string; name: string }) => ({ id: u.id, name: u.name }) as never;

describe('messages sent at the same moment (stored in shared batches)', () => {
  it('are each answered, kept in the order they were sent, and a resend in the same batch is stored once', async () => {
    const a = await createUser(t.db, { name: 'Asha' });
    const b = await createUser(t.db, { name: 'Ravi' });
    const c = await createUser(t.db, { name: 'Meera' });
    // The receiver's record is read once and kept (lib/parties.ts): from then on, the checks before a
    // message is stored take the same time for each, and the messages reach the batch in order.
    await chat.send(actor(a), { receiverId: b.id, content: 'hello' });
    const sends = Array.from({ length: 30 }, (_, i) =>
      chat.send(actor(i % 3 === 2 ? c : a), { receiverId: b.id, content: `m${i}`, clientId: `k${i}` }),
    );
    // The same clientId again while the first is still waiting for its batch.
    sends.push(chat.send(actor(a), { receiverId: b.id, content: 'm0', clientId: 'k0' }));
    const answers = await Promise.all(sends);

    expect(answers.slice(0, 30).every((r) => r.created)).toBe(true);
    expect(answers[30]).toMatchObject({ created: false, message: { id: answers[0]!.message.id } });
    const fromA = await t.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.senderId, a.id))
      .orderBy(asc(messages.sentAt), asc(messages.id));
    const expected = Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 3 !== 2);
    expect(fromA.map((m) => m.content)).toEqual(['hello', ...expected.map((i) => `m${i}`)]);
    // No two messages of a batch share a time (history is ordered by time, to the microsecond).
    const [times] = await queryRows<{ distinct: number }>(
      t.db,
      sql`select count(distinct sent_at)::int as distinct from ${messages}
        where receiver_id = ${b.id} and content like 'm%'`,
    );
    expect(times!.distinct).toBe(30);

    // One unread notification per sender, and every answer names it.
    const unread = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.isRead, false)));
    expect(unread.map((n) => n.message).sort()).toEqual([
      'Asha sent you a message',
      'Meera sent you a message',
    ]);
    expect(unread.map((n) => (n.data as { senderId: string }).senderId).sort()).toEqual([a.id, c.id].sort());
  });

  it('fails only the message that cannot be stored; the others in its batch are stored', async () => {
    const a = await createUser(t.db, { name: 'Asha' });
    const b = await createUser(t.db, { name: 'Ravi' });
    const product = await createProduct(t.db, { seller: b });
    const results = await Promise.allSettled([
      chat.send(actor(a), { receiverId: b.id, content: 'before' }),
      // An offer card for an offer that does not exist: its row refers to nothing.
      chat.post(actor(a), {
        receiverId: b.id,
        content: 'offer',
        productId: product.id,
        offerId: randomUUID(),
      }),
      chat.send(actor(a), { receiverId: b.id, content: 'after' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await t.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.senderId, a.id))
      .orderBy(asc(messages.sentAt));
    // Sent at the same moment, the two may be stored in either order.
    expect(stored.map((m) => m.content).sort()).toEqual(['after', 'before']);
  });
});
