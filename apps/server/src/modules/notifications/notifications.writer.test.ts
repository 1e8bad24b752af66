import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createEvents, type AppEvent } from '../../lib/events';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createRequest, createUser } from '../../test/factories';
import { notificationsFor, registerNotificationWriter } from './notifications.writer';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const silentLog = { error: () => undefined };

describe('notification writer', () => {
  it('stores the row, then announces notification.created for the realtime push', async () => {
    const requester = await createUser(t.db, { role: 'hosteller', name: 'Asha' });
    const deliverer = await createUser(t.db, { role: 'dayscholar', name: 'Ravi' });
    const request = await createRequest(t.db, { requester, itemName: 'Milk' });
    const events = createEvents(silentLog);
    registerNotificationWriter({ db: t.db, events });
    const seen: AppEvent[] = [];
    events.on((e) => {
      seen.push(e);
    });

    await events.emit({
      type: 'request.accepted',
      requestId: request.id,
      number: request.number,
      itemName: 'Milk',
      requester: { id: requester.id, name: 'Asha' },
      deliverer: { id: deliverer.id, name: 'Ravi' },
    });

    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, requester.id));
    expect(rows).toHaveLength(1);
    const created = seen.find((e) => e.type === 'notification.created');
    expect(created).toEqual({
      type: 'notification.created',
      notification: {
        id: rows[0]!.id,
        userId: requester.id,
        type: 'request_accepted',
        message: 'Ravi accepted your request for Milk',
        data: { requestId: request.id },
        isRead: false,
        createdAt: rows[0]!.createdAt.toISOString(),
      },
    });
  });

  it('leaves nothing for a cancelled request nobody had accepted', () => {
    expect(
      notificationsFor({
        type: 'request.cancelled',
        requestId: 'r',
        number: 1,
        itemName: 'Milk',
        requester: { id: 'h', name: 'Asha' },
        deliverer: null,
      }),
    ).toEqual([]);
  });
});

describe('events', () => {
  it('a failing handler is logged and does not stop the others or the emitter', async () => {
    const errors: unknown[] = [];
    const events = createEvents({ error: (obj: unknown) => errors.push(obj) });
    const calls: string[] = [];
    events.on(() => {
      throw new Error('boom');
    });
    const off = events.on((e) => {
      calls.push(e.type);
    });
    const event: AppEvent = {
      type: 'request.completed',
      requestId: 'r',
      number: 1,
      itemName: 'Milk',
      requester: { id: 'h', name: 'Asha' },
      deliverer: { id: 'd', name: 'Ravi' },
    };
    await expect(events.emit(event)).resolves.toBeUndefined();
    expect(calls).toEqual(['request.completed']);
    expect(errors).toHaveLength(1);
    off();
    await events.emit(event);
    expect(calls).toHaveLength(1);
  });
});
