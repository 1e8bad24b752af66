/**
 * Lost and found: posting (rules, messages), the lists and their filters, expiry, renewing, resolving
 * and deleting one's own; claims ("That's mine") with the finder's hidden answer, once per post, at
 * most five open, never across a block; the finder's view of the claims and accepting one; and the
 * notices of matching posts, once per pair.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppNotification,
  type ChatMessage,
  LOST_FOUND_LIMITS,
  LOST_FOUND_MESSAGES as M,
  LOST_FOUND_NOTICES,
  REPORT_MESSAGES,
  REPORT_NOTICES,
  REPORTS_TO_HOLD,
  type LostFoundClaim,
  type LostFoundPost,
} from '@campusrun/shared';
import { lostFoundClaims, lostFoundMatches, lostFoundPosts, userBlocks, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeEstablished } from '../../test/factories';
import { jpegWithGps, multipartBody, pngImage } from '../../test/images';
import { type MarketPerson, marketplaceCalls } from '../../test/marketplace-calls';
import { sweepOrphanUploads } from '../../lib/orphan-sweep';
import { createStorage } from '../../lib/storage';
import { lostFoundPhotos } from './lost-found.photos';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  png = await pngImage();
});
afterAll(() => t.close());

const calls = marketplaceCalls(() => t);
const { call } = calls;
type Person = MarketPerson;
const person = (name?: string) => calls.person('hosteller', name);

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** A found post's secret, unique per test so a leak is found wherever it lands. */
let secrets = 0;
const secret = () => `Sticker of a red fox inside the lid ${++secrets}`;

const lostBody = (over: object = {}) => ({
  kind: 'lost',
  title: 'Blue water bottle',
  category: 'other',
  place: 'Library, 2nd floor',
  when: hoursAgo(3),
  details: 'Steel, with dents',
  ...over,
});
const foundBody = (answer: string, over: object = {}) => ({
  kind: 'found',
  title: 'Blue water bottle',
  category: 'other',
  place: 'Library, 2nd floor',
  when: hoursAgo(1),
  details: 'Left on a desk',
  question: 'What is inside the lid?',
  answer,
  ...over,
});

async function posted(who: Person, body: object) {
  const res = await call('POST', '/lost-found', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post as LostFoundPost;
}

const listIds = async (who: Person, query = '') =>
  ((await call('GET', `/lost-found?limit=50${query}`, who)).json().posts as LostFoundPost[]).map((p) => p.id);

const claim = (who: Person, postId: string, answer = 'A fox sticker') =>
  call('POST', `/lost-found/${postId}/claims`, who, { answer });

const noticesWhen = (who: Person, done: (n: AppNotification[]) => boolean) =>
  calls.noticesWhen(who, 'lost_found', done);

describe('posting and the lists', () => {
  it('posts, lists, filters and searches; its poster edits, renews, resolves and deletes, nobody else', async () => {
    const [poster, other] = [await person('Lata Loser'), await person()];
    const res = await call('POST', '/lost-found', poster, lostBody({ title: 'Grey umbrella zzqx' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(M.posted);
    const post = res.json().post as LostFoundPost;
    expect(post).toMatchObject({
      kind: 'lost',
      title: 'Grey umbrella zzqx',
      place: 'Library, 2nd floor',
      question: null,
      state: 'open',
      poster: { id: poster.id, name: 'Lata Loser' },
      myClaim: null,
      can: { claim: false, manage: true },
    });
    const days = (Date.parse(post.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(LOST_FOUND_LIMITS.days - 0.01);
    expect(days).toBeLessThan(LOST_FOUND_LIMITS.days + 0.01);

    const found = await posted(
      other,
      foundBody(secret(), { title: 'Grey umbrella zzqx found', category: 'clothing' }),
    );
    // Newest first; kind, category and words narrow it.
    const all = await listIds(other);
    expect(all.indexOf(found.id)).toBeLessThan(all.indexOf(post.id));
    expect(await listIds(other, '&q=zzqx')).toEqual([found.id, post.id]);
    expect(await listIds(other, '&q=zzqx&kind=lost')).toEqual([post.id]);
    expect(await listIds(other, '&q=zzqx&kind=found')).toEqual([found.id]);
    expect(await listIds(other, '&q=zzqx&category=clothing')).toEqual([found.id]);
    expect(await listIds(other, '&q=nothingliketha')).toEqual([]);
    // Keyset pages: one at a time, then the next.
    const first = (await call('GET', '/lost-found?limit=1&q=zzqx', other)).json();
    expect(first.posts.map((p: LostFoundPost) => p.id)).toEqual([found.id]);
    const second = (await call('GET', `/lost-found?limit=1&q=zzqx&cursor=${first.nextCursor}`, other)).json();
    expect(second.posts.map((p: LostFoundPost) => p.id)).toEqual([post.id]);

    // Not another member's to change.
    for (const action of ['renew', 'resolve'])
      expect((await call('POST', `/lost-found/${post.id}/${action}`, other)).json().message).toBe(M.notYours);
    expect((await call('PATCH', `/lost-found/${post.id}`, other, { title: 'Mine now' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/lost-found/${post.id}`, other)).statusCode).toBe(403);

    const edited = await call('PATCH', `/lost-found/${post.id}`, poster, { title: 'Black umbrella zzqx' });
    expect(edited.json()).toMatchObject({ message: M.saved, post: { title: 'Black umbrella zzqx' } });

    // Expired: out of the lists, its poster renews it for 30 days from now.
    await t.db
      .update(lostFoundPosts)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(lostFoundPosts.id, post.id));
    expect(await listIds(other, '&q=zzqx')).toEqual([found.id]);
    expect((await call('GET', `/lost-found/${post.id}`, poster)).json().post.state).toBe('expired');
    const renewed = await call('POST', `/lost-found/${post.id}/renew`, poster);
    expect(renewed.json()).toMatchObject({ message: M.renewed, post: { state: 'open' } });
    expect(await listIds(other, '&q=zzqx')).toEqual([found.id, post.id]);

    // Resolved: "Returned to its owner", out of the lists, not renewed back.
    const resolved = await call('POST', `/lost-found/${post.id}/resolve`, poster);
    expect(resolved.json()).toMatchObject({ message: M.resolved, post: { state: 'resolved' } });
    expect(M.stateLabels.resolved).toBe('Returned to its owner');
    expect(await listIds(other, '&q=zzqx')).toEqual([found.id]);
    expect((await call('POST', `/lost-found/${post.id}/renew`, poster)).statusCode).toBe(409);
    expect((await call('GET', `/lost-found/${post.id}`, other)).json().post.state).toBe('resolved');

    expect((await call('DELETE', `/lost-found/${post.id}`, poster)).json()).toEqual({ message: M.deleted });
    expect((await call('GET', `/lost-found/${post.id}`, poster)).statusCode).toBe(404);
  });

  it('suggests places from earlier posts, most used first, at most 8', async () => {
    const who = await person();
    for (const [place, n] of [
      ['Quokka Hall canteen', 3],
      ['Quokka Hall gym', 1],
      ['quokka hall canteen', 1],
    ] as const)
      for (let i = 0; i < n; i++) await posted(who, lostBody({ place, title: `Thing ${place} ${i}` }));
    const places = (await call('GET', '/lost-found/places?q=quokka', who)).json().places as string[];
    expect(places.map((p) => p.toLowerCase())).toEqual(['quokka hall canteen', 'quokka hall gym']);
    for (let i = 0; i < 10; i++) await posted(who, lostBody({ place: `Wombat block ${i}`, title: `W ${i}` }));
    const many = (await call('GET', '/lost-found/places?q=wombat', who)).json().places as string[];
    expect(many).toHaveLength(LOST_FOUND_LIMITS.placesMax);
  });

  it('refuses bad input with the shared messages, never a 500', async () => {
    const who = await person();
    const bad = async (body: object, message: string) => {
      const res = await call('POST', '/lost-found', who, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad(lostBody({ kind: undefined }), M.kindRequired);
    await bad(lostBody({ kind: 'stolen' }), M.kindInvalid);
    await bad(lostBody({ title: '   ' }), M.titleRequired);
    await bad(lostBody({ title: 'x'.repeat(LOST_FOUND_LIMITS.titleMax + 1) }), M.titleTooLong);
    await bad(lostBody({ category: 'spaceships' }), M.categoryInvalid);
    await bad(lostBody({ place: '' }), M.placeRequired);
    await bad(lostBody({ when: undefined }), M.whenRequired);
    await bad(lostBody({ when: 'yesterday' }), M.whenInvalid);
    await bad(lostBody({ when: new Date(Date.now() + 3_600_000).toISOString() }), M.whenInFuture);
    await bad(lostBody({ when: '0000-01-01T00:00:00Z' }), M.whenTooOld);
    await bad(lostBody({ question: 'What colour?', answer: 'Blue' }), M.questionOnlyFound);
    await bad(foundBody('x', { question: undefined }), M.questionRequired);
    await bad(foundBody(''), M.answerRequired);
    await bad(lostBody({ details: 'a\u0000b' }), 'Details contains characters that are not allowed');

    const post = await posted(who, foundBody(secret()));
    const other = await person();
    const res = await call('POST', `/lost-found/${post.id}/claims`, other, { answer: '  ' });
    expect([res.statusCode, res.json().message]).toEqual([400, M.claimAnswerRequired]);
    const list = await call('GET', '/lost-found?kind=stolen', who);
    expect([list.statusCode, list.json().message]).toEqual([400, M.kindInvalid]);
    expect((await call('GET', '/lost-found?cursor=bm9wZQ', who)).statusCode).toBe(400);
    expect((await call('GET', '/lost-found/not-a-uuid', who)).json().message).toBe(M.notFound);
    expect((await call('POST', `/lost-found/${post.id}/claims/not-a-uuid/accept`, who)).json().message).toBe(
      M.claimNotFound,
    );
  });
});

describe('the hidden answer', () => {
  it('leaves the server only to the finder: not in lists, details, claims or exports of others', async () => {
    const [finder, claimant, other] = [await person(), await person(), await person()];
    const answer = secret();
    const res = await call('POST', '/lost-found', finder, foundBody(answer));
    expect(res.body).toContain(answer);
    const post = res.json().post as LostFoundPost;
    expect(post).toMatchObject({ answer, question: 'What is inside the lid?', openClaims: 0 });
    expect((await call('GET', `/lost-found/${post.id}`, finder)).json().post.answer).toBe(answer);

    const seen = await call('GET', `/lost-found/${post.id}`, other);
    expect(seen.json().post).toMatchObject({ question: 'What is inside the lid?', can: { claim: true } });
    expect(seen.json().post).not.toHaveProperty('answer');
    expect(seen.json().post).not.toHaveProperty('openClaims');
    expect(seen.body).not.toContain(answer);
    const listed = await call('GET', '/lost-found?limit=50', other);
    expect((listed.json().posts as LostFoundPost[]).map((p) => p.id)).toContain(post.id);
    expect(listed.body).not.toContain(answer);
    // The finder's own list shows it to the finder only.
    expect((await call('GET', '/lost-found?limit=50', finder)).body).toContain(answer);

    const claimed = await claim(claimant, post.id, 'A sticker, I think');
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.body).not.toContain(answer);
    const asClaimant = await call('GET', `/lost-found/${post.id}`, claimant);
    expect(asClaimant.json().post.myClaim).toEqual({ id: claimed.json().claim.id, status: 'open' });
    expect(asClaimant.body).not.toContain(answer);
    const theirClaims = await call('GET', `/lost-found/${post.id}/claims`, claimant);
    expect([theirClaims.statusCode, theirClaims.json().message]).toEqual([403, M.onlyFinder]);
    expect(theirClaims.body).not.toContain(answer);

    const exported = await call('GET', '/users/me/export', claimant);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(answer);
    expect(exported.json().lostFoundClaims).toMatchObject([
      { postId: post.id, postTitle: 'Blue water bottle', answer: 'A sticker, I think', status: 'open' },
    ]);
    // The finder's own download holds it: it is theirs.
    const own = (await call('GET', '/users/me/export', finder)).json();
    expect(own.lostFound).toMatchObject([{ id: post.id, answer }]);
  });
});

describe('claims', () => {
  it('once per post; not one’s own, not a lost post, not a resolved one', async () => {
    const [finder, claimant] = [await person(), await person()];
    const post = await posted(finder, foundBody(secret()));
    const lost = await posted(finder, lostBody());
    expect((await claim(claimant, post.id)).statusCode).toBe(201);
    const again = await claim(claimant, post.id);
    expect([again.statusCode, again.json().message]).toEqual([409, M.claimedAlready]);
    expect((await call('GET', `/lost-found/${post.id}`, claimant)).json().post.can.claim).toBe(false);
    const own = await claim(finder, post.id);
    expect([own.statusCode, own.json().message]).toEqual([400, M.claimOwn]);
    const ofLost = await claim(claimant, lost.id);
    expect([ofLost.statusCode, ofLost.json().message]).toEqual([409, M.onlyFound]);

    // Withdrawn: still claimed once.
    const mine = (await call('GET', `/lost-found/${post.id}`, claimant)).json().post.myClaim as {
      id: string;
    };
    const stranger = await person();
    expect(
      (await call('POST', `/lost-found/${post.id}/claims/${mine.id}/withdraw`, stranger)).statusCode,
    ).toBe(404);
    const withdrawn = await call('POST', `/lost-found/${post.id}/claims/${mine.id}/withdraw`, claimant);
    expect(withdrawn.json()).toEqual({
      claim: { id: mine.id, status: 'withdrawn' },
      message: M.claimWithdrawn,
    });
    expect(
      (await call('POST', `/lost-found/${post.id}/claims/${mine.id}/withdraw`, claimant)).statusCode,
    ).toBe(409);
    expect((await claim(claimant, post.id)).statusCode).toBe(409);

    await call('POST', `/lost-found/${post.id}/resolve`, finder);
    const late = await claim(stranger, post.id);
    expect([late.statusCode, late.json().message]).toEqual([409, M.notOpen]);
  });

  it('at most five open claims per member, counted together when sent at once', async () => {
    const claimant = await person();
    const posts = [];
    for (let i = 0; i < LOST_FOUND_LIMITS.openClaimsPerMember + 2; i++)
      posts.push(await posted(await person(), foundBody(secret(), { title: `Keys ${i}` })));
    const answers = await Promise.all(
      posts.slice(0, LOST_FOUND_LIMITS.openClaimsPerMember + 1).map((p) => claim(claimant, p.id)),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(LOST_FOUND_LIMITS.openClaimsPerMember);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual([[409, M.tooManyClaims]]);
    // Withdrawing one frees a place.
    const open = answers.find((r) => r.statusCode === 201)!.json().claim.id as string;
    const postOf = posts[answers.findIndex((r) => r.json().claim?.id === open)]!;
    await call('POST', `/lost-found/${postOf.id}/claims/${open}/withdraw`, claimant);
    expect((await claim(claimant, posts.at(-1)!.id)).statusCode).toBe(201);
  });

  it('never across a block, in either direction', async () => {
    const [finder, blocker, blocked] = [await person(), await person(), await person()];
    const post = await posted(finder, foundBody(secret()));
    await t.db.insert(userBlocks).values([
      { blockerId: blocker.id, blockedId: finder.id },
      { blockerId: finder.id, blockedId: blocked.id },
    ]);
    for (const who of [blocker, blocked]) {
      const res = await claim(who, post.id);
      expect([res.statusCode, res.json().message]).toEqual([404, M.notFound]);
      expect(await listIds(who)).not.toContain(post.id);
    }
    const rows = await t.db.select().from(lostFoundClaims).where(eq(lostFoundClaims.postId, post.id));
    expect(rows).toEqual([]);
  });
});

describe('the finder and the claims', () => {
  it('only the finder sees the claims; accepting one resolves the post, opens the chat, tells the others', async () => {
    const [finder, owner, guesser, other] = [
      await person('Farah Finder'),
      await person('Omar Owner'),
      await person('Gita Guesser'),
      await person(),
    ];
    const answer = secret();
    const post = await posted(finder, foundBody(answer, { title: 'Calculator with a name tag' }));
    const ownerClaim = (await claim(owner, post.id, 'A fox sticker')).json().claim.id as string;
    const guess = (await claim(guesser, post.id, 'A photo')).json().claim.id as string;
    await noticesWhen(finder, (n) => n.length >= 2);
    const told = await calls.noticesOf(finder, 'lost_found');
    expect(told.map((n) => n.message)).toEqual(
      Array(2).fill(LOST_FOUND_NOTICES.claimed('Calculator with a name tag')),
    );

    for (const who of [owner, other])
      expect((await call('GET', `/lost-found/${post.id}/claims`, who)).statusCode).toBe(403);
    expect((await call('POST', `/lost-found/${post.id}/claims/${ownerClaim}/accept`, owner)).statusCode).toBe(
      403,
    );
    const seen = await call('GET', `/lost-found/${post.id}/claims`, finder);
    expect(seen.statusCode).toBe(200);
    const list = seen.json().claims as LostFoundClaim[];
    expect(list.map((c) => [c.claimant.name, c.answer, c.status])).toEqual([
      ['Omar Owner', 'A fox sticker', 'open'],
      ['Gita Guesser', 'A photo', 'open'],
    ]);
    expect(list[0]!.reliability).toMatchObject({ deliveriesCompleted: 0, disputesLost: 0 });
    expect(typeof list[0]!.reliability.memberSince).toBe('string');
    expect((await call('GET', `/lost-found/${post.id}`, finder)).json().post.openClaims).toBe(2);

    const accepted = await call('POST', `/lost-found/${post.id}/claims/${ownerClaim}/accept`, finder);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: M.claimAccepted,
      receiverId: owner.id,
      post: { state: 'resolved' },
    });
    expect(await listIds(other)).not.toContain(post.id);
    expect((await call('GET', `/lost-found/${post.id}`, owner)).json().post).toMatchObject({
      state: 'resolved',
      myClaim: { id: ownerClaim, status: 'accepted' },
    });
    expect((await call('GET', `/lost-found/${post.id}`, guesser)).json().post.myClaim).toEqual({
      id: guess,
      status: 'closed',
    });
    // Once: a second accept, of the same or another claim, is refused.
    expect((await call('POST', `/lost-found/${post.id}/claims/${guess}/accept`, finder)).statusCode).toBe(
      409,
    );

    // The chat between the two is open: the finder's message is there, and the owner answers.
    const thread = await call('GET', `/chat/conversation/${finder.id}`, owner);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(
      (thread.json().messages as ChatMessage[]).map((m) => [m.senderId, m.content, m.lostFound]),
    ).toEqual([
      [
        finder.id,
        LOST_FOUND_NOTICES.accepted('Calculator with a name tag'),
        { id: post.id, title: 'Calculator with a name tag', kind: 'found', status: 'resolved' },
      ],
    ]);
    expect(thread.body).not.toContain(answer);
    const reply = await call('POST', '/chat', owner, {
      receiverId: finder.id,
      content: 'Thanks! Coming over.',
    });
    expect(reply.statusCode, reply.body).toBe(201);

    const guesserTold = await noticesWhen(guesser, (n) => n.length > 0);
    expect(guesserTold.map((n) => [n.message, n.data.lostFoundPostId])).toEqual([
      [LOST_FOUND_NOTICES.returned('Calculator with a name tag'), post.id],
    ]);
    expect(await calls.noticesOf(owner, 'lost_found')).toEqual([]);
  });
});

describe('matches', () => {
  it('tells the lost poster of a matching found post once, whichever came first', async () => {
    const [loser, finder, unrelated, late] = [await person(), await person(), await person(), await person()];
    const lost = await posted(loser, lostBody({ title: 'Lost yellow kettlebell', category: 'sports' }));
    await posted(unrelated, lostBody({ title: 'Lost kettlebell', category: 'books' }));
    const old = await posted(late, lostBody({ title: 'Yellow kettlebell gone', category: 'sports' }));
    await t.db
      .update(lostFoundPosts)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(lostFoundPosts.id, old.id));

    const found = await posted(
      finder,
      foundBody(secret(), { title: 'Kettlebell, yellow', category: 'sports' }),
    );
    const told = await noticesWhen(loser, (n) => n.length > 0);
    expect(told.map((n) => [n.message, n.data.lostFoundPostId])).toEqual([
      [LOST_FOUND_NOTICES.matched('Lost yellow kettlebell', 'Kettlebell, yellow'), found.id],
    ]);
    // Changing the found post matches it again: nobody is told twice. Matching runs in order, so
    // once a later post's notice is in, the matching before it is done.
    await call('PATCH', `/lost-found/${found.id}`, finder, { details: 'Heavy, yellow paint' });
    await call('POST', `/lost-found/${found.id}/renew`, finder);
    const second = await person();
    const lost2 = await posted(
      second,
      lostBody({ title: 'Kettlebell (yellow) missing', category: 'sports' }),
    );
    // A new lost post: its poster hears of the matching found post already up.
    const told2 = await noticesWhen(second, (n) => n.length > 0);
    expect(told2.map((n) => n.data.lostFoundPostId)).toEqual([found.id]);
    expect(await calls.noticesOf(loser, 'lost_found')).toHaveLength(1);
    // Another category, or posted more than 7 days before: not told. The finder is not told either.
    expect(await calls.noticesOf(unrelated, 'lost_found')).toEqual([]);
    expect(await calls.noticesOf(late, 'lost_found')).toEqual([]);

    await call('POST', `/lost-found/${lost2.id}/renew`, second);
    const third = await person();
    const lost3 = await posted(third, lostBody({ title: 'Yellow kettlebell lost', category: 'sports' }));
    await noticesWhen(third, (n) => n.length > 0);
    expect(await calls.noticesOf(second, 'lost_found')).toHaveLength(1);
    expect(await calls.noticesOf(finder, 'lost_found')).toEqual([]);
    // One told pair per lost post, recorded.
    const pairs = await t.db.select().from(lostFoundMatches).where(eq(lostFoundMatches.foundId, found.id));
    expect(pairs.map((m) => m.lostId).sort()).toEqual([lost.id, lost2.id, lost3.id].sort());
  });
});

describe('photos', () => {
  const putPhotos = (
    who: Person,
    id: string,
    files: { filename: string; contentType: string; data: Buffer }[],
  ) => {
    const body = multipartBody(
      {},
      files.map((f) => ({ ...f, field: 'photos' })),
    );
    return t.app.inject({
      method: 'PUT',
      url: `/api/lost-found/${id}/photos`,
      headers: { ...who.h, ...body.headers },
      payload: body.payload,
    });
  };
  /** The stored file behind a photo link, or undefined when it is gone or the link is refused. */
  const stored = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return res.statusCode === 200 ? res.rawPayload : undefined;
  };
  const a = () => ({ filename: 'a.png', contentType: 'image/png', data: png });

  it('up to three, re-encoded without metadata, behind signed links; replaced, removed, deleted with the post', async () => {
    const [poster, other] = [await person(), await person()];
    const post = await posted(poster, foundBody(secret()));
    expect(post.photos).toEqual([]);
    const added = await putPhotos(poster, post.id, [
      { filename: 'bottle.jpg', contentType: 'image/jpeg', data: await jpegWithGps() },
      a(),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(M.photosSaved);
    const photos = (added.json().post as LostFoundPost).photos;
    expect(photos).toHaveLength(2);
    for (const url of photos.flatMap((p) => [p.url, p.thumbnail])) {
      // A signed link: without its signature the file is refused.
      expect(url).toMatch(/[?&]sig=/);
      expect((await t.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(403);
      const meta = await sharp(await stored(url)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    const seen = (await call('GET', `/lost-found/${post.id}`, other)).json().post as LostFoundPost;
    expect(seen.photos).toHaveLength(2);

    // Not another member's to change; four are too many; nothing changes.
    expect((await putPhotos(other, post.id, [a()])).statusCode).toBe(403);
    const four = await putPhotos(poster, post.id, [a(), a(), a(), a()]);
    expect([four.statusCode, four.json().message]).toEqual([400, M.tooManyPhotos]);
    const none = await putPhotos(poster, post.id, []);
    expect(none.json().errors).toEqual([{ param: 'photos', msg: M.photosRequired }]);

    const replaced = await putPhotos(poster, post.id, [a()]);
    expect((replaced.json().post as LostFoundPost).photos).toHaveLength(1);
    for (const p of photos) expect(await stored(p.url)).toBeUndefined();
    const removed = await call('DELETE', `/lost-found/${post.id}/photos`, poster);
    expect(removed.json()).toMatchObject({ message: M.photosRemoved, post: { photos: [] } });

    const last = ((await putPhotos(poster, post.id, [a()])).json().post as LostFoundPost).photos[0]!;
    expect(await stored(last.url)).toBeDefined();
    await call('DELETE', `/lost-found/${post.id}`, poster);
    expect(await stored(last.url)).toBeUndefined();
    expect(await stored(last.thumbnail)).toBeUndefined();
  });

  it('the sweep removes a photo no post refers to and keeps those in use', async () => {
    const storage = await createStorage(t.config);
    const poster = await person();
    const post = await posted(poster, lostBody());
    const kept = ((await putPhotos(poster, post.id, [a()])).json().post as LostFoundPost).photos[0]!;
    const orphan = 'lost-found/00112233445566778899aabbccddeeff.webp';
    await storage.put(orphan, png, 'image/webp');
    const removed = await sweepOrphanUploads(t.database, storage, [lostFoundPhotos], {
      // A sweep a minute later: a file's time may be a few ms past the clock the test reads.
      now: Date.now() + 60_000,
      minAgeMs: 0,
    });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await storage.get(orphan)).toBeUndefined();
    expect(await stored(kept.url)).toBeDefined();
    expect(await stored(kept.thumbnail)).toBeDefined();
  });
});

describe('reports', () => {
  it('reports from established members hold a post; a moderator removes it and its poster is told', async () => {
    const [poster, viewer, moderator] = [await person(), await person(), await person()];
    const post = await posted(poster, foundBody(secret(), { title: 'Suspicious free phone' }));
    const report = async (who: Person) =>
      call('POST', '/reports', who, { targetType: 'lost_found_post', targetId: post.id, reason: 'scam' });
    expect((await report(poster)).statusCode).toBe(400);
    for (let i = 0; i < REPORTS_TO_HOLD; i++) {
      const reporter = await person();
      await makeEstablished(t.db, reporter);
      expect((await report(reporter)).statusCode).toBe(201);
      const held = i === REPORTS_TO_HOLD - 1;
      expect((await listIds(viewer)).includes(post.id)).toBe(!held);
    }
    // Held: gone from the lists and from others, still its poster's to see.
    expect((await call('GET', `/lost-found/${post.id}`, viewer)).statusCode).toBe(404);
    expect((await call('GET', `/lost-found/${post.id}`, poster)).statusCode).toBe(200);
    expect((await claim(viewer, post.id)).statusCode).toBe(404);

    await t.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    const queue = (await call('GET', '/moderation/reports?status=open', moderator)).json();
    const item = (
      queue.reports as { id: string; target: { id: string; type: string; title: string } }[]
    ).find((r) => r.target.id === post.id)!;
    expect(item.target).toMatchObject({ type: 'lost_found_post', title: 'Suspicious free phone' });
    const removed = await call('PUT', `/moderation/reports/${item.id}`, moderator, {
      action: 'remove',
      reason: 'A scam',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const [row] = await t.db.select().from(lostFoundPosts).where(eq(lostFoundPosts.id, post.id));
    expect(row!.moderation).toBe('removed');
    const told = await calls.noticesWhen(poster, 'moderation', (n) => n.length > 0);
    expect(told.map((n) => n.message)).toEqual([
      'Your lost and found post "Suspicious free phone" was removed by a moderator: A scam',
    ]);
  });

  it('the finder alone reports a claim; once established, their report holds it; a moderator removes it, its claimant is told', async () => {
    const [finder, claimant, spammer, owner, stranger, moderator] = [
      await person('Fiona Finder'),
      await person('Casey Claimant'),
      await person('Sam Spammer'),
      await person('Olu Owner'),
      await person(),
      await person(),
    ];
    await t.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    const expected = secret();
    const post = await posted(finder, foundBody(expected, { title: 'Silver ring by the pool' }));
    const claimOf = async (who: Person, answer: string) =>
      (await claim(who, post.id, answer)).json().claim.id as string;
    const bad = await claimOf(claimant, 'Mine, send it to my hostel');
    const spam = await claimOf(spammer, 'Buy cheap followers at example.com');
    const good = await claimOf(owner, 'Initials engraved inside');
    const report = (who: Person, targetId: string) =>
      call('POST', '/reports', who, { targetType: 'lost_found_claim', targetId, reason: 'scam' });
    const listed = async () =>
      ((await call('GET', `/lost-found/${post.id}/claims`, finder)).json().claims as LostFoundClaim[]).map(
        (c) => c.id,
      );
    const accept = (claimId: string) =>
      call('POST', `/lost-found/${post.id}/claims/${claimId}/accept`, finder);

    // Only the finder sees the claims, so only they may report one: not its claimant, not another member.
    const own = await report(claimant, bad);
    expect([own.statusCode, own.json().message]).toEqual([400, REPORT_MESSAGES.own]);
    const strange = await report(stranger, bad);
    expect([strange.statusCode, strange.json().message]).toEqual([404, REPORT_MESSAGES.notFound]);
    expect((await report(finder, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    // A new account's report reaches the moderators but holds nothing.
    expect((await report(finder, spam)).statusCode).toBe(201);
    expect(await listed()).toEqual([bad, spam, good]);
    const moderatorTold = await calls.noticesWhen(moderator, 'moderation', (n) => n.length > 0);
    expect(moderatorTold.map((n) => n.message)).toContain(
      REPORT_NOTICES.toReview('lost_found_claim', 'Silver ring by the pool', 'scam'),
    );

    // An established finder's report holds the claim: out of their list and their count, not acceptable.
    await makeEstablished(t.db, finder);
    expect((await report(finder, bad)).statusCode).toBe(201);
    expect(await listed()).toEqual([spam, good]);
    expect((await call('GET', `/lost-found/${post.id}`, finder)).json().post.openClaims).toBe(2);
    const refused = await accept(bad);
    expect([refused.statusCode, refused.json().message]).toEqual([404, M.claimNotFound]);
    // Its claimant still sees their own claim.
    expect((await call('GET', `/lost-found/${post.id}`, claimant)).json().post.myClaim).toEqual({
      id: bad,
      status: 'open',
    });

    // The queue shows the claim's answer and its post, never the answer the finder expects.
    const queue = await call('GET', '/moderation/reports?status=open&limit=100', moderator);
    expect(queue.statusCode, queue.body).toBe(200);
    type Item = { id: string; target: { id: string } };
    const item = (queue.json().reports as Item[]).find((r) => r.target.id === bad)!;
    expect(item.target).toMatchObject({
      type: 'lost_found_claim',
      owner: { id: claimant.id, name: 'Casey Claimant' },
      title: null,
      text: 'Mine, send it to my hostel',
      moderation: 'held',
      post: { id: post.id, title: 'Silver ring by the pool', question: 'What is inside the lid?' },
    });
    expect(queue.body).not.toContain(expected);

    const removed = await call('PUT', `/moderation/reports/${item.id}`, moderator, {
      action: 'remove',
      reason: 'Not the owner',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const [row] = await t.db.select().from(lostFoundClaims).where(eq(lostFoundClaims.id, bad));
    expect(row!.moderation).toBe('removed');
    const told = await calls.noticesWhen(claimant, 'moderation', (n) => n.length > 0);
    expect(told.map((n) => n.message)).toEqual([
      'Your claim on the lost and found post "Silver ring by the pool" was removed by a moderator: Not the owner',
    ]);
    expect(await listed()).toEqual([spam, good]);
    expect((await accept(bad)).statusCode).toBe(404);
    // Removed: nothing left to report.
    expect((await report(finder, bad)).statusCode).toBe(404);

    // The other report suspends its claimant.
    const spamItem = (
      (await call('GET', '/moderation/reports?status=open&limit=100', moderator)).json().reports as Item[]
    ).find((r) => r.target.id === spam)!;
    const suspended = await call('PUT', `/moderation/reports/${spamItem.id}`, moderator, {
      action: 'suspend',
      reason: 'Spam',
      days: 7,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const [spammerRow] = await t.db.select().from(users).where(eq(users.id, spammer.id));
    expect(spammerRow!.suspendedAt).not.toBeNull();

    // The claims the finder still sees are theirs to accept.
    const accepted = await accept(good);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
