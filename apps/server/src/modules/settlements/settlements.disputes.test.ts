/**
 * Disputes with two sides: each party's statement with up to 3 photos (private to the two and the
 * moderators, on every read path), the opener's withdrawal, the moderators told of each new dispute,
 * and what a decision or a withdrawal leaves on the settlement. Tested from the attacker's side too:
 * a stranger, the other party, a moderator who is not a party and one who is.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  DISPUTE_MESSAGES,
  SETTLEMENT_NOTICES,
  type ModerationDispute,
  type Settlement,
} from '@campusrun/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { disputes, notifications, users } from '../../db/schema';
import { uploadsDir } from '../../lib/storage';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';
import { completedRequest as completedBetween, memberCalls } from '../../test/member-calls';
import { jpegWithGps, multipartBody, pngImage, type FormFile } from '../../test/images';

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ requestSweepSeconds: 0 });
  png = await pngImage(640, 480);
});
afterAll(() => t.close());

const { get, put, post } = memberCalls(() => t);

const photo = (data: Buffer, filename = 'upi.png', contentType = 'image/png'): FormFile => ({
  field: 'photos',
  filename,
  contentType,
  data,
});

/** PUT /disputes/{id}/statement as `user`: the text, the positions kept, the new photos. */
async function writeStatement(
  user: User | null,
  disputeId: string,
  text: string,
  files: FormFile[] = [],
  keep?: string[],
) {
  const form = multipartBody({ text, ...(keep && { keep }) }, files);
  return t.app.inject({
    method: 'PUT',
    url: `/api/disputes/${disputeId}/statement`,
    headers: { ...(user ? await authAs(t, user) : {}), ...form.headers },
    payload: form.payload,
  });
}

let meera: User; // hosteller: the requester, who pays
let dev: User; // day scholar: the deliverer, who is paid
let stranger: User;
let moderator: User;

beforeEach(async () => {
  meera = await createUser(t.db, { role: 'hosteller', name: 'Meera' });
  dev = await createUser(t.db, { role: 'dayscholar', name: 'Dev Kumar' });
  stranger = await createUser(t.db, { role: 'hosteller', name: 'Stranger' });
  moderator = await makeModerator(await createUser(t.db, { role: 'dayscholar', name: 'Mod' }));
});

async function makeModerator(user: User) {
  await t.db.update(users).set({ isModerator: true }).where(eq(users.id, user.id));
  return user;
}

/** A request Dev delivered to Meera (₹40 fee + ₹80 items), completed by her. */
const completedRequest = () => completedBetween(t, meera, dev, { expectedPrice: 40, itemCost: 80 });

const lookup = async (user: User, targetId: string) =>
  (await get(user, `/settlements/for?kind=request&targetId=${targetId}`)).json()
    .settlement as Settlement | null;

/** Meera disputes Dev's delivery (not as described): the dispute's id and the settlement. */
async function meeraDisputes(details = 'Two of the notebooks are torn') {
  const request = await completedRequest();
  const res = await post(meera, '/disputes', {
    targetType: 'request',
    targetId: request.id,
    reason: 'not_as_described',
    details,
  });
  expect(res.statusCode).toBe(201);
  return { request, disputeId: res.json().dispute.id as string };
}

const noticesOf = (user: User, type: 'dispute' | 'moderation') =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, type)));

const photoFiles = () => {
  try {
    return readdirSync(path.join(uploadsDir(t.config), 'disputes'));
  } catch {
    return [];
  }
};
/** The dispute photo files stored since `before` (and not removed since). */
const filesSince = (before: string[]) => photoFiles().filter((f) => !before.includes(f));

/** GET a photo link as anyone (an image element sends no token). */
const load = (url: string) => t.app.inject({ method: 'GET', url });

describe("the other side's statement", () => {
  it('is given once with up to 3 photos, verified and re-encoded; the opener sees it and is told', async () => {
    const { request, disputeId } = await meeraDisputes();
    const before = photoFiles();
    // The client's type is never trusted: a PNG said to be a PDF is a photo; a "PNG" of text is not.
    const refused = await writeStatement(dev, disputeId, 'I handed over new ones', [
      photo(Buffer.from('not an image at all'), 'upi.png', 'image/png'),
    ]);
    expect(refused.statusCode).toBe(415);
    expect(filesSince(before)).toEqual([]);

    const res = await writeStatement(dev, disputeId, '  I handed over new ones; UPI receipt attached  ', [
      photo(png, 'receipt.pdf', 'application/pdf'),
      photo(await jpegWithGps(), 'shop.jpg', 'image/jpeg'),
    ]);
    expect(res.statusCode).toBe(200);
    const seen = res.json().settlement as Settlement;
    const [d] = seen.disputes;
    expect(d).toMatchObject({
      id: disputeId,
      reason: 'not_as_described',
      details: 'Two of the notebooks are torn',
      openedBy: { id: meera.id, name: 'Meera' },
      status: 'open',
      reply: { by: { id: dev.id, name: 'Dev Kumar' }, text: 'I handed over new ones; UPI receipt attached' },
      can: { statement: true, withdraw: false },
    });
    expect(d!.reply!.photos).toHaveLength(2);
    // Two files each (full size and thumbnail), stored as WebP whatever came in.
    expect(filesSince(before)).toHaveLength(4);
    const full = await load(d!.reply!.photos[1]!.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(String(full.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(full.rawPayload).metadata();
    // Upright (EXIF orientation applied: 1200 × 900 shown portrait), without EXIF or GPS.
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 900, 1200, undefined]);
    const thumb = await sharp((await load(d!.reply!.photos[1]!.thumbnailUrl)).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(400);

    // The opener sees Dev's side with its photos, and is told.
    const hers = (await lookup(meera, request.id))!;
    expect(hers.disputes[0]).toMatchObject({
      reply: { text: 'I handed over new ones; UPI receipt attached' },
      can: { statement: true, withdraw: true },
    });
    expect(hers.disputes[0]!.reply!.photos).toHaveLength(2);
    expect((await load(hers.disputes[0]!.reply!.photos[0]!.url)).statusCode).toBe(200);
    expect((await noticesOf(meera, 'dispute')).map((n) => n.message)).toContain(
      SETTLEMENT_NOTICES.statementGiven('Dev Kumar', 'Notebooks'),
    );
  });

  it('is changed while open: kept photos stay, removed ones and their links are gone', async () => {
    const { disputeId } = await meeraDisputes();
    const before = photoFiles();
    const first = (
      await writeStatement(dev, disputeId, 'First words', [photo(png), photo(await pngImage(300, 200))])
    ).json().settlement as Settlement;
    const [removed, keptOne] = first.disputes[0]!.reply!.photos;

    const changed = await writeStatement(
      dev,
      disputeId,
      'Better words',
      [photo(await pngImage(200, 100))],
      ['1'],
    );
    expect(changed.statusCode).toBe(200);
    const reply = (changed.json().settlement as Settlement).disputes[0]!.reply!;
    expect(reply.text).toBe('Better words');
    expect(reply.photos).toHaveLength(2);
    expect(await sharp((await load(reply.photos[0]!.url)).rawPayload).metadata()).toMatchObject({
      width: 300,
      height: 200,
    });
    // The removed photo's links name nothing any more; its files are deleted.
    expect((await load(removed!.url)).statusCode).toBe(404);
    expect((await load(removed!.thumbnailUrl)).statusCode).toBe(404);
    expect(keptOne).toBeDefined();
    expect(filesSince(before)).toHaveLength(4);
    expect((await noticesOf(meera, 'dispute')).map((n) => n.message)).toContain(
      SETTLEMENT_NOTICES.statementChanged('Dev Kumar', 'Notebooks'),
    );

    // The opener changes her own side too (her details), with a photo.
    const hers = await writeStatement(meera, disputeId, 'Torn pages, see photo', [photo(png)]);
    expect(hers.statusCode).toBe(200);
    const d = (hers.json().settlement as Settlement).disputes[0]!;
    expect(d.details).toBe('Torn pages, see photo');
    expect(d.photos).toHaveLength(1);
    expect(d.reply!.text).toBe('Better words');
  });

  it('refuses more than 3 photos, a blank side and a photo position that is not there', async () => {
    const { disputeId } = await meeraDisputes();
    const before = photoFiles();
    const four = await writeStatement(dev, disputeId, 'Side', [
      photo(png),
      photo(png),
      photo(png),
      photo(png),
    ]);
    expect([four.statusCode, four.json().message]).toEqual([400, DISPUTE_MESSAGES.photosTooMany]);
    expect((await writeStatement(dev, disputeId, 'Side', [photo(png), photo(png)])).statusCode).toBe(200);
    const over = await writeStatement(dev, disputeId, 'Side', [photo(png), photo(png)], ['0', '1']);
    expect([over.statusCode, over.json().errors]).toEqual([
      400,
      [{ param: 'photos', msg: DISPUTE_MESSAGES.photosTooMany }],
    ]);
    const gone = await writeStatement(dev, disputeId, 'Side', [], ['2']);
    expect([gone.statusCode, gone.json().errors]).toEqual([
      400,
      [{ param: 'keep', msg: DISPUTE_MESSAGES.photoGone }],
    ]);
    const blank = await writeStatement(dev, disputeId, '   ');
    expect([blank.statusCode, blank.json().errors]).toEqual([
      400,
      [{ param: 'text', msg: DISPUTE_MESSAGES.statementRequired }],
    ]);
    const long = await writeStatement(dev, disputeId, 'x'.repeat(1001));
    expect(long.json().errors).toEqual([{ param: 'text', msg: DISPUTE_MESSAGES.statementTooLong }]);
    // Nothing refused left a file behind: the two photos of the one that went through.
    expect(filesSince(before)).toHaveLength(4);
  });

  it('belongs to the two parties: a stranger or a moderator who is not one gets 404 and nothing is read', async () => {
    const { request, disputeId } = await meeraDisputes();
    const before = photoFiles();
    for (const who of [stranger, moderator]) {
      const res = await writeStatement(who, disputeId, 'Let me in', [photo(png)]);
      expect([res.statusCode, res.json().message]).toEqual([404, DISPUTE_MESSAGES.notFound]);
    }
    expect((await writeStatement(null, disputeId, 'Let me in')).statusCode).toBe(401);
    expect(filesSince(before)).toEqual([]);
    const [row] = await t.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(row!.reply).toBeNull();
    // Nor can anyone write on a dispute once it is decided.
    await put(moderator, `/moderation/disputes/${disputeId}`, { outcome: 'no_fault', note: 'Both fine' });
    const late = await writeStatement(dev, disputeId, 'Too late');
    expect([late.statusCode, late.json()]).toMatchObject([
      409,
      { reason: 'alreadyResolved', message: DISPUTE_MESSAGES.alreadyResolved },
    ]);
    expect(await lookup(stranger, request.id)).toBeNull();
  });
});

describe('the photos of a statement', () => {
  it('load only through the links given to the parties and the moderators: anything else is 404', async () => {
    const { disputeId } = await meeraDisputes();
    const url = (
      (await writeStatement(dev, disputeId, 'Receipt', [photo(png)])).json().settlement as Settlement
    ).disputes[0]!.reply!.photos[0]!.url;
    const [, exp, sig] = /\?exp=(\d+)&sig=([\w-]+)$/.exec(url)!;
    expect(url).toBe(`/api/disputes/${disputeId}/photos/reply-0?exp=${exp}&sig=${sig}`);

    // The moderators' queue carries links of its own that work.
    const queue = (await get(moderator, '/moderation/disputes?status=open&limit=50')).json();
    const seen = (queue.disputes as ModerationDispute[]).find((d) => d.id === disputeId)!;
    expect(seen.reply).toMatchObject({ by: { id: dev.id }, text: 'Receipt' });
    expect((await load(seen.reply!.photos[0]!.url)).statusCode).toBe(200);

    // A stranger, signed in or not, gets 404 for anything but the signed link itself.
    const other = await meeraDisputes('Another one');
    const tampered = `${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    const base = `/api/disputes/${disputeId}/photos`;
    const headers = await authAs(t, stranger);
    for (const bad of [
      `${base}/reply-0`,
      `${base}/reply-0?exp=${exp}`,
      `${base}/reply-0?exp=${exp}&sig=${tampered}`,
      `${base}/reply-0?exp=${Number(exp) + 900}&sig=${sig}`,
      `${base}/reply-1?exp=${exp}&sig=${sig}`,
      `${base}/opener-0?exp=${exp}&sig=${sig}`,
      `${base}/reply-0-thumb?exp=${exp}&sig=${sig}`,
      `${base}/../../uploads?exp=${exp}&sig=${sig}`,
      `/api/disputes/${other.disputeId}/photos/reply-0?exp=${exp}&sig=${sig}`,
      `/api/disputes/not-a-dispute/photos/reply-0?exp=${exp}&sig=${sig}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: bad, headers });
      expect([bad, res.statusCode]).toEqual([bad, 404]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Nor is the stored file served by its storage key, as public uploads are.
    const [row] = await t.db.select().from(disputes).where(eq(disputes.id, disputeId));
    for (const key of [row!.replyPhotos[0]!, `${row!.replyPhotos[0]!.replace(/\.webp$/, '')}_thumb.webp`]) {
      const res = await t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers });
      expect([key, res.statusCode]).toEqual([key, 403]);
    }
    // The stranger never gets a link: the settlement and the queue are not theirs.
    expect((await get(stranger, '/settlements?status=disputed')).json().settlements).toEqual([]);
    expect((await get(stranger, '/moderation/disputes')).statusCode).toBe(403);
  });
});

describe('withdrawing a dispute', () => {
  it('only its opener may, while open: the settlement is back where it was and the other side is told', async () => {
    const { request, disputeId } = await meeraDisputes();
    // The other party, a stranger and a moderator who is not a party cannot.
    const theirs = await put(dev, `/disputes/${disputeId}/withdraw`);
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, DISPUTE_MESSAGES.notOpener]);
    for (const who of [stranger, moderator])
      expect((await put(who, `/disputes/${disputeId}/withdraw`)).statusCode).toBe(404);
    expect((await lookup(dev, request.id))!.state).toBe('disputed');

    const res = await put(meera, `/disputes/${disputeId}/withdraw`);
    expect(res.statusCode).toBe(200);
    const s = res.json().settlement as Settlement;
    expect(s).toMatchObject({
      state: 'open',
      amount: 120,
      dispute: { id: disputeId, status: 'withdrawn', outcome: null },
      can: { pay: true, dispute: false },
    });
    expect(s.disputes[0]).toMatchObject({ status: 'withdrawn', can: { statement: false, withdraw: false } });
    expect(s.disputes[0]!.withdrawnAt).not.toBeNull();
    expect((await noticesOf(dev, 'dispute')).map((n) => n.message)).toContain(
      SETTLEMENT_NOTICES.disputeWithdrawn('Meera', 'Notebooks'),
    );

    // Over: not again, no statement, no decision; her one dispute is spent, Dev's is not.
    const again = await put(meera, `/disputes/${disputeId}/withdraw`);
    expect([again.statusCode, again.json()]).toMatchObject([
      409,
      { reason: 'alreadyResolved', message: DISPUTE_MESSAGES.alreadyWithdrawn },
    ]);
    expect((await writeStatement(dev, disputeId, 'Hello')).statusCode).toBe(409);
    const decide = await put(moderator, `/moderation/disputes/${disputeId}`, {
      outcome: 'favour_payee',
      note: 'x',
    });
    expect([decide.statusCode, decide.json().message]).toEqual([409, DISPUTE_MESSAGES.alreadyWithdrawn]);
    const reopen = await post(meera, '/disputes', {
      targetType: 'request',
      targetId: request.id,
      reason: 'other',
      details: 'Again',
    });
    expect(reopen.json().reason).toBe('alreadyDisputed');
    expect(
      (
        await post(dev, '/disputes', {
          targetType: 'request',
          targetId: request.id,
          reason: 'not_paid',
          details: 'Still not paid',
        })
      ).statusCode,
    ).toBe(201);
    const withdrawn = (await get(moderator, '/moderation/disputes?status=withdrawn')).json().disputes;
    expect(withdrawn.map((d: ModerationDispute) => d.id)).toContain(disputeId);
  });

  it('"not received" withdrawn goes back to paid (the payee can then confirm); a settled one stays settled', async () => {
    const request = await completedRequest();
    const s = (await lookup(meera, request.id))!;
    await put(meera, `/settlements/${s.id}/paid`, { method: 'upi' });
    await put(dev, `/settlements/${s.id}/not-received`);
    const disputeId = (await lookup(dev, request.id))!.dispute!.id;
    const back = (await put(dev, `/disputes/${disputeId}/withdraw`)).json().settlement as Settlement;
    expect(back).toMatchObject({ state: 'paid', method: 'upi', can: { receive: true } });
    expect((await put(dev, `/settlements/${s.id}/received`)).statusCode).toBe(200);

    // Settled, then disputed within the window, then withdrawn: settled still.
    const second = await completedRequest();
    const s2 = (await lookup(meera, second.id))!;
    await put(dev, `/settlements/${s2.id}/received`);
    const opened = await post(meera, `/settlements/${s2.id}/dispute`, { reason: 'damaged', details: 'Wet' });
    const settled = (await put(meera, `/disputes/${opened.json().dispute.id}/withdraw`)).json()
      .settlement as Settlement;
    expect(settled.state).toBe('settled');
  });

  it('a withdrawal and a decision at the same moment: exactly one happens', async () => {
    const { request, disputeId } = await meeraDisputes();
    const [withdrawn, decided] = await Promise.all([
      put(meera, `/disputes/${disputeId}/withdraw`),
      put(moderator, `/moderation/disputes/${disputeId}`, { outcome: 'favour_payee', note: 'Pay it' }),
    ]);
    expect([withdrawn.statusCode, decided.statusCode].sort()).toEqual([200, 409]);
    // Either way it is owed again in full (a withdrawal puts it back; favour_payee opens it).
    const s = (await lookup(meera, request.id))!;
    expect(s).toMatchObject({ state: 'open', amount: 120 });
    expect(s.dispute!.status).toBe(withdrawn.statusCode === 200 ? 'withdrawn' : 'resolved');
  });
});

describe('"not received"', () => {
  it("takes the payee's details when given, else says the money did not arrive; too long is refused", async () => {
    const request = await completedRequest();
    const s = (await lookup(meera, request.id))!;
    await put(meera, `/settlements/${s.id}/paid`, { method: 'upi' });
    const long = await put(dev, `/settlements/${s.id}/not-received`, { details: 'x'.repeat(1001) });
    expect([long.statusCode, long.json().errors]).toEqual([
      400,
      [{ param: 'details', msg: DISPUTE_MESSAGES.detailsTooLong }],
    ]);
    const res = await put(dev, `/settlements/${s.id}/not-received`, {
      details: 'My bank shows nothing on the 2nd',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json().settlement as Settlement).disputes[0]).toMatchObject({
      reason: 'not_received',
      details: 'My bank shows nothing on the 2nd',
      openedBy: { id: dev.id },
    });

    const other = await completedRequest();
    const s2 = (await lookup(meera, other.id))!;
    await put(meera, `/settlements/${s2.id}/paid`, { method: 'cash' });
    const blank = await put(dev, `/settlements/${s2.id}/not-received`, { details: '  ' });
    expect((blank.json().settlement as Settlement).disputes[0]!.details).toBe(
      'Dev Kumar says ₹120 (items ₹80 + delivery fee ₹40) for Notebooks did not arrive',
    );
  });
});

describe('the moderators', () => {
  it('are each told of a new dispute, never one who is a party to it', async () => {
    const second = await makeModerator(await createUser(t.db, { role: 'hosteller', name: 'Mod Two' }));
    await makeModerator(dev);
    const { disputeId } = await meeraDisputes();
    const told = SETTLEMENT_NOTICES.disputeToDecide('Meera', 'Notebooks', 'not_as_described');
    for (const m of [moderator, second])
      expect((await noticesOf(m, 'moderation')).map((n) => n.message)).toEqual([told]);
    // Dev is a moderator and the payee: told as a party, never as a moderator, and cannot decide it.
    expect(await noticesOf(dev, 'moderation')).toEqual([]);
    const own = await put(dev, `/moderation/disputes/${disputeId}`, {
      outcome: 'favour_payee',
      note: 'Mine',
    });
    expect([own.statusCode, own.json().reason]).toEqual([403, 'own']);
    // Nor withdraw Meera's dispute, nor read it as a stranger would.
    expect((await put(dev, `/disputes/${disputeId}/withdraw`)).statusCode).toBe(403);

    // "Not received" tells them too.
    const request = await completedRequest();
    const s = (await lookup(meera, request.id))!;
    await put(meera, `/settlements/${s.id}/paid`, { method: 'cash' });
    await put(dev, `/settlements/${s.id}/not-received`);
    expect((await noticesOf(second, 'moderation')).map((n) => n.message)).toContain(
      SETTLEMENT_NOTICES.disputeToDecide('Dev Kumar', 'Notebooks', 'not_received'),
    );
    expect(await noticesOf(dev, 'moderation')).toEqual([]);
  });

  it('see what each outcome would leave, and both parties are told the decision in plain words', async () => {
    const request = await completedRequest();
    const s = (await lookup(meera, request.id))!;
    await put(meera, `/settlements/${s.id}/paid`, { method: 'cash' });
    await put(dev, `/settlements/${s.id}/not-received`);
    const queue = (await get(moderator, '/moderation/disputes?status=open&limit=50')).json();
    const d = (queue.disputes as ModerationDispute[]).find((x) => x.targetId === request.id)!;
    expect(d.settlement!.outcomes).toEqual({
      favour_payer: { state: 'settled', amount: 120 },
      favour_payee: { state: 'open', amount: 120 },
      split: { state: 'open', amount: 60 },
      no_fault: { state: 'settled', amount: 120 },
    });
    await put(moderator, `/moderation/disputes/${d.id}`, { outcome: 'favour_payer', note: 'Cash seen' });
    for (const user of [meera, dev])
      expect((await noticesOf(user, 'dispute')).map((n) => n.message)).toContain(
        'A moderator decided the dispute about Notebooks. Decided for Meera: paid in cash. Cash seen',
      );
  });
});
