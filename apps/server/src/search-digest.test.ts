/**
 * A member who chose one e-mail a day for their saved searches hears of new matches there instead of
 * by alerts: one digest naming each search, how many posts matched and the first of them; not a
 * second one within the day; nothing for a member who did not choose it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_DIGEST_EMAIL, SAVED_SEARCH_NOTICES } from '@campusrun/shared';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { type MarketPerson, marketplaceCalls } from './test/marketplace-calls';

let t: TestApp;
beforeAll(async () => {
  // The digest's sweep every second, so the test need not wait a minute.
  t = await buildTestApp({ offlineEmail: { enabled: true, unreadDelaySeconds: 1 }, requestSweepSeconds: 1 });
});
afterAll(() => t.close());

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const calls = marketplaceCalls(() => t);
const { person, call } = calls;
type Person = MarketPerson;

const sell = (seller: Person, name: string) =>
  calls.sell(seller, { name, price: 300, category: 'electronics' });

const searchNotices = (who: Person) => calls.noticesOf(who, 'search');

describe('the daily digest of saved searches', () => {
  it('tells those who chose it by one e-mail a day instead of alerts; the others by alerts', async () => {
    const [digest, alerted, seller] = [
      await person('dayscholar', 'Dia Digest'),
      await person('dayscholar', 'Alok Alerts'),
      await person('hosteller', 'Sam Seller'),
    ];
    const chosen = await call('PUT', '/email/preferences', digest, {
      messages: true,
      requests: true,
      searches: true,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await call('GET', '/email/preferences', alerted)).json().preferences).toEqual({
      messages: true,
      requests: true,
      searches: false,
    });
    for (const who of [digest, alerted])
      expect(
        (
          await call('POST', '/saved-searches', who, {
            kind: 'products',
            name: 'Kettles',
            filters: { search: 'kettle' },
          })
        ).statusCode,
      ).toBe(201);

    await sell(seller, 'Steel kettle');
    await sell(seller, 'Electric kettle');
    const mail = await t.smtp.waitFor(digest.email, { match: /saved searches/, timeoutMs: 10_000 });
    expect(mail.subject).toBe(SEARCH_DIGEST_EMAIL.subject(2));
    expect(mail.body).toContain(SEARCH_DIGEST_EMAIL.line('Kettles', 2, ['Electric kettle', 'Steel kettle']));
    expect(mail.body).toContain('/searches');
    expect(mail.body).toContain('/api/email/unsubscribe?token=');
    expect(await searchNotices(digest)).toEqual([]);

    // The other saver was alerted in the app, and gets no e-mail.
    const alerts = await searchNotices(alerted);
    expect(alerts.map((n) => n.message)).toEqual([SAVED_SEARCH_NOTICES.matchedMany('Kettles', '2')]);
    expect(t.smtp.find(alerted.email)).toEqual([]);

    // A new match the same day waits for tomorrow's digest.
    await sell(seller, 'Glass kettle');
    await wait(2500);
    expect(t.smtp.find(digest.email, /saved searches/)).toHaveLength(1);
  });

  it('a digest the mail server refuses is not counted as sent: the next sweep sends it', async () => {
    const [digest, seller] = [
      await person('dayscholar', 'Rita Retry'),
      await person('hosteller', 'Sid Seller'),
    ];
    await call('PUT', '/email/preferences', digest, { messages: true, requests: true, searches: true });
    await call('POST', '/saved-searches', digest, {
      kind: 'products',
      name: 'Lamps',
      filters: { search: 'lamp' },
    });
    t.smtp.refuseNext(1);
    await sell(seller, 'Desk lamp');
    const mail = await t.smtp.waitFor(digest.email, { match: /saved searches/, timeoutMs: 10_000 });
    expect(mail.subject).toBe(SEARCH_DIGEST_EMAIL.subject(1));
    expect(mail.body).toContain(SEARCH_DIGEST_EMAIL.line('Lamps', 1, ['Desk lamp']));
  });
});
