import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';
import { insertNotification } from './notifications.repo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Headers) => t.app.inject({ method: 'PUT', url, headers });

async function person(name: string) {
  const user = await createUser(t.db, { name });
  return { ...user, h: await authAs(t, user) };
}

async function seed(userId: string, n: number) {
  const rows = [];
  for (let i = 1; i <= n; i++) {
    rows.push(
      await insertNotification(t.db, {
        userId,
        type: 'request_accepted',
        message: `n${i}`,
        data: { requestId: `r${i}` },
      }),
    );
  }
  return rows;
}

describe('GET /api/notifications', () => {
  it('answers the own notifications newest first with the unread count, paged', async () => {
    const me = await person('Me');
    const other = await person('Other');
    await seed(me.id, 5);
    await seed(other.id, 2);
    const first = await get('/api/notifications?limit=3', me.h);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.unreadCount).toBe(5);
    expect(body.notifications.map((n: { message: string }) => n.message)).toEqual(['n5', 'n4', 'n3']);
    expect(body.notifications[0]).toEqual({
      id: expect.any(String),
      type: 'request_accepted',
      message: 'n5',
      isRead: false,
      createdAt: expect.any(String),
      data: { requestId: 'r5' },
    });
    const second = (await get(`/api/notifications?limit=3&cursor=${body.nextCursor}`, me.h)).json();
    expect(second.notifications.map((n: { message: string }) => n.message)).toEqual(['n2', 'n1']);
    expect(second.nextCursor).toBeNull();
    expect((await get('/api/notifications', {})).statusCode).toBe(401);
    expect((await get('/api/notifications?cursor=bad', me.h)).statusCode).toBe(400);
  });
});

describe('marking read', () => {
  it('marks one (owner only) and all', async () => {
    const me = await person('Me');
    const other = await person('Other');
    const [n1, n2] = await seed(me.id, 2);
    const [theirs] = await seed(other.id, 1);

    const one = await put(`/api/notifications/${n1!.id}/read`, me.h);
    expect(one.statusCode).toBe(200);
    expect(one.json().notification).toMatchObject({ id: n1!.id, isRead: true });
    expect((await get('/api/notifications', me.h)).json().unreadCount).toBe(1);

    expect((await put(`/api/notifications/${theirs!.id}/read`, me.h)).statusCode).toBe(404);
    expect((await put('/api/notifications/not-an-id/read', me.h)).statusCode).toBe(404);
    expect((await put(`/api/notifications/${n2!.id}/read`, {})).statusCode).toBe(401);

    const all = await put('/api/notifications/read-all', me.h);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ message: expect.any(String) });
    expect((await get('/api/notifications', me.h)).json().unreadCount).toBe(0);
    expect((await get('/api/notifications', other.h)).json().unreadCount).toBe(1);
  });
});
