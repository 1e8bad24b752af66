/** Moderation: the queue, dismiss / remove / suspend, lifting a suspension, and the append-only log. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES, suspendedMessage } from '@campusrun/shared';
import { messages, moderationActions, notifications, products, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createUser, makeEstablished } from '../../test/factories';
import { multipartBody, pngImage } from '../../test/images';

const MODERATOR_EMAIL = 'warden.office@example.edu';
const PASSWORD = 'moderation-test-1';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ moderatorEmails: [MODERATOR_EMAIL] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
async function person(role: 'hosteller' | 'dayscholar' = 'hosteller', email?: string) {
  const user = await createUser(t.db, { role, password: PASSWORD, ...(email ? { email } : {}) });
  return { ...user, h: await authAs(t, user) };
}
async function moderator() {
  const user = await createUser(t.db, { role: 'dayscholar', password: PASSWORD });
  await t.db.update(users).set({ isModerator: true }).where(eq(users.id, user.id));
  return { ...user, h: await authAs(t, { ...user }) };
}
const call = (method: 'GET' | 'PUT' | 'POST', url: string, h: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload } : {}) });
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

/** A product reported by three established users (so it is held), and the id of one of the reports. */
async function reportedProduct() {
  const seller = await person();
  const product = await createProduct(t.db, { seller, name: 'Too-cheap phone' });
  let reportId = '';
  for (const reporter of [await person(), await person('dayscholar'), await person('dayscholar')]) {
    await makeEstablished(t.db, reporter);
    const res = await call('POST', '/reports', reporter.h, {
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
      details: 'Asks for payment first',
    });
    reportId = res.json().report.id;
  }
  return { seller, product, reportId };
}

describe('moderation', () => {
  it('MODERATOR_EMAILS makes an account a moderator when it signs in; others get 403 on every moderation call', async () => {
    const staff = await person('hosteller', MODERATOR_EMAIL);
    expect((await call('GET', '/moderation/reports', staff.h)).statusCode).toBe(403);
    const res = await login(MODERATOR_EMAIL);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isModerator).toBe(true);
    const h = { authorization: `Bearer ${res.json().token}` };
    expect((await call('GET', '/moderation/reports', h)).statusCode).toBe(200);
    const student = await person();
    expect((await login(student.email)).json().user.isModerator).toBe(false);
    const refused = await call('GET', '/moderation/actions', student.h);
    expect([refused.statusCode, refused.json().message]).toEqual([403, MODERATION_MESSAGES.onlyModerators]);
  });

  it('lists open reports with a preview of the target and the reporters’ reasons', async () => {
    const mod = await moderator();
    const { product, seller } = await reportedProduct();
    const body = (await call('GET', '/moderation/reports?status=open&limit=100', mod.h)).json();
    const mine = body.reports.filter((r: { target: { id: string } }) => r.target.id === product.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      reason: 'scam',
      details: 'Asks for payment first',
      status: 'open',
      target: {
        type: 'product',
        title: 'Too-cheap phone',
        owner: { id: seller.id, name: seller.name, suspended: false },
        moderation: 'held',
      },
    });
  });

  it('remove hides the product from everyone, tells the seller why, closes every report and is logged', async () => {
    const mod = await moderator();
    const { seller, product, reportId } = await reportedProduct();
    const res = await call('PUT', `/moderation/reports/${reportId}`, mod.h, {
      action: 'remove',
      reason: 'Counterfeit listing',
    });
    expect(res.json()).toEqual({ message: MODERATION_MESSAGES.done.remove });
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.moderation).toBe('removed');
    expect((await call('GET', `/products/${product.id}`, seller.h)).statusCode).toBe(404);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(notes.map((n) => [n.type, n.message])).toContainEqual([
      'moderation',
      'Your product "Too-cheap phone" was removed by a moderator: Counterfeit listing',
    ]);
    const open = (await call('GET', '/moderation/reports?status=open&limit=100', mod.h)).json().reports;
    expect(open.some((r: { target: { id: string } }) => r.target.id === product.id)).toBe(false);
    const again = await call('PUT', `/moderation/reports/${reportId}`, mod.h, {
      action: 'dismiss',
      reason: 'x',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, MODERATION_MESSAGES.closed]);
    const log = (await call('GET', '/moderation/actions?limit=100', mod.h)).json().actions;
    expect(log).toContainEqual(
      expect.objectContaining({
        moderator: { id: mod.id, name: mod.name },
        action: 'remove',
        targetType: 'product',
        targetId: product.id,
        reason: 'Counterfeit listing',
      }),
    );
  });

  it('dismiss puts a held product back on the lists', async () => {
    const mod = await moderator();
    const viewer = await person();
    const { product, reportId } = await reportedProduct();
    const ids = async () =>
      (await call('GET', '/products?limit=100', viewer.h)).json().products.map((p: { id: string }) => p.id);
    expect(await ids()).not.toContain(product.id);
    await call('PUT', `/moderation/reports/${reportId}`, mod.h, {
      action: 'dismiss',
      reason: 'A fair price',
    });
    expect(await ids()).toContain(product.id);
  });

  it('suspend refuses sign-in with the date, ends the sessions, hides the listings; unsuspend lifts it', async () => {
    const mod = await moderator();
    const { seller, product, reportId } = await reportedProduct();
    const res = await call('PUT', `/moderation/reports/${reportId}`, mod.h, {
      action: 'suspend',
      reason: 'Repeated scams',
      days: 7,
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/auth/me', seller.h)).statusCode).toBe(401);
    const [u] = await t.db.select().from(users).where(eq(users.id, seller.id));
    const refused = await login(seller.email);
    expect([refused.statusCode, refused.json().message]).toEqual([403, suspendedMessage(u!.suspendedUntil)]);
    expect(refused.json().message).toMatch(/^Your account is suspended until \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    const viewer = await person();
    await t.db.update(products).set({ moderation: 'visible' }).where(eq(products.id, product.id));
    const listed = (await call('GET', '/products?limit=100', viewer.h))
      .json()
      .products.map((p: { id: string }) => p.id);
    expect(listed).not.toContain(product.id);

    const lifted = await call('PUT', `/moderation/users/${seller.id}/unsuspend`, mod.h, {
      reason: 'Appeal accepted',
    });
    expect(lifted.json()).toEqual({ message: MODERATION_MESSAGES.done.unsuspend });
    expect((await login(seller.email)).statusCode).toBe(200);
    const twice = await call('PUT', `/moderation/users/${seller.id}/unsuspend`, mod.h, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
  });

  it('an open-ended suspension says so; a moderator cannot act on a report about themself; bad input is 400', async () => {
    const mod = await moderator();
    const other = await moderator();
    const reporter = await person();
    const aboutMod = await call('POST', '/reports', reporter.h, {
      targetType: 'user',
      targetId: mod.id,
      reason: 'harassment',
    });
    const own = await call('PUT', `/moderation/reports/${aboutMod.json().report.id}`, mod.h, {
      action: 'suspend',
      reason: 'x',
    });
    expect([own.statusCode, own.json().message]).toEqual([400, MODERATION_MESSAGES.own]);
    for (const body of [
      { action: 'ban', reason: 'x' },
      { action: 'dismiss', reason: ' ' },
      { action: 'suspend', reason: 'x', days: 0 },
    ])
      expect(
        (await call('PUT', `/moderation/reports/${aboutMod.json().report.id}`, other.h, body)).statusCode,
      ).toBe(400);
    const removeUser = await call('PUT', `/moderation/reports/${aboutMod.json().report.id}`, other.h, {
      action: 'remove',
      reason: 'x',
    });
    expect([removeUser.statusCode, removeUser.json().message]).toEqual([400, MODERATION_MESSAGES.removeUser]);
    await call('PUT', `/moderation/reports/${aboutMod.json().report.id}`, other.h, {
      action: 'suspend',
      reason: 'Threats',
    });
    const refused = await login(mod.email);
    expect(refused.json().message).toBe('Your account is suspended until further notice.');
  });

  it('the action log is append-only in the database', async () => {
    const mod = await moderator();
    const { reportId } = await reportedProduct();
    await call('PUT', `/moderation/reports/${reportId}`, mod.h, { action: 'dismiss', reason: 'Fine' });
    await expect(t.db.update(moderationActions).set({ reason: 'changed' })).rejects.toThrow();
    await expect(t.db.delete(moderationActions)).rejects.toThrow();
  });
});

describe('photos in moderation', () => {
  /** A photo message from `sender` to `receiver`, reported by the receiver. */
  async function reportedPhotoMessage() {
    const sender = await person();
    const receiver = await person();
    const form = multipartBody({ receiverId: receiver.id }, [
      { field: 'photo', filename: 'rude.png', contentType: 'image/png', data: await pngImage(300, 200) },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/chat/photo',
      headers: { ...sender.h, ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode).toBe(201);
    const message = sent.json().message as { id: string; image: string };
    const report = await call('POST', '/reports', receiver.h, {
      targetType: 'message',
      targetId: message.id,
      reason: 'harassment',
    });
    expect(report.statusCode).toBe(201);
    return { sender, receiver, message, reportId: report.json().report.id as string };
  }
  const queue = async (h: Headers) =>
    (await call('GET', '/moderation/reports?status=open&limit=100', h)).json().reports as {
      id: string;
      target: { id: string; photos: string[] };
    }[];
  const loads = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it("the queue shows a reported photo message's photo and a reported product's photos, each at a working URL", async () => {
    const mod = await moderator();
    const { message } = await reportedPhotoMessage();
    const seller = await person();
    const form = multipartBody(
      { name: 'Blurry phone', description: 'Cheap', price: '500', category: 'electronics' },
      [{ field: 'images', filename: 'phone.png', contentType: 'image/png', data: await pngImage() }],
    );
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...seller.h, ...form.headers },
      payload: form.payload,
    });
    expect(listed.statusCode).toBe(201);
    const product = listed.json().product as { id: string; thumbnails: string[] };
    const reporter = await person();
    await call('POST', '/reports', reporter.h, {
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
    });

    const reports = await queue(mod.h);
    const photoReport = reports.find((r) => r.target.id === message.id)!;
    expect(photoReport.target.photos).toHaveLength(1);
    expect(photoReport.target.photos[0]).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.webp\?exp=\d+&sig=/);
    expect(await loads(photoReport.target.photos[0]!)).toBe(200);
    const productReport = reports.find((r) => r.target.id === product.id)!;
    expect(productReport.target.photos).toEqual(product.thumbnails);
    for (const url of productReport.target.photos) {
      expect(url).toMatch(/^\/uploads\/products\//);
      expect(await loads(url)).toBe(200);
    }
  });

  it('removing a reported photo message deletes its photo: its link answers 404 and the thread shows none', async () => {
    const mod = await moderator();
    const { sender, receiver, message, reportId } = await reportedPhotoMessage();
    expect(await loads(message.image)).toBe(200);
    const removed = await call('PUT', `/moderation/reports/${reportId}`, mod.h, {
      action: 'remove',
      reason: 'Abusive photo',
    });
    expect(removed.statusCode).toBe(200);
    expect(await loads(message.image)).toBe(404);
    const [row] = await t.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row!.imagePath).toBeNull();
    for (const [viewer, other] of [
      [receiver, sender],
      [sender, receiver],
    ] as const) {
      const thread = await call('GET', `/chat/conversation/${other.id}`, viewer.h);
      const shown = thread.json().messages.find((m: { id: string }) => m.id === message.id);
      expect(shown).toMatchObject({ content: 'This message was removed by a moderator.', image: null });
    }
    const closed = (await call('GET', '/moderation/reports?status=closed&limit=100', mod.h)).json().reports;
    expect(closed.find((r: { id: string }) => r.id === reportId).target.photos).toEqual([]);
  });
});
