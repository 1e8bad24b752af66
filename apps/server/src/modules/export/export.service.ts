import { Readable } from 'node:stream';
import { EXPORT_LIMITS, EXPORT_MESSAGES } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { unauthorized } from '../../lib/errors';
import { createUploadLinks } from '../../lib/upload-links';
import * as present from './export.presenter';
import * as repo from './export.repo';
import type { Limiter } from '../../lib/rate-limit';
import { bindUseCases } from '../../lib/use-cases';

/** A section's rows as they are written: a list read at once, or pages read one after another. */
type Rows = Iterable<unknown> | AsyncIterable<unknown>;

/** Rows are written in chunks of about this many characters. */
const CHUNK = 64 * 1024;

/** The download's file name: 'campusrun-data-2026-11-27.json' (the date in UTC). */
const exportFileName = (at: Date) => `campusrun-data-${at.toISOString().slice(0, 10)}.json`;

/** What the download works with: the database, its hourly budget and the photos' addresses. */
interface Deps extends Pick<AppContext, 'db' | 'log'> {
  limit: Limiter;
  urls: present.ExportUrls;
}

/** The sections after the profile, in the order they are written, each read only when its turn comes. */
function sections({ db, urls }: Deps, userId: string): [string, () => Promise<Rows> | Rows][] {
  return [
    ['requests', async () => (await repo.requestsAsRequester(db, userId)).map(present.presentOwnRequest)],
    ['deliveries', async () => (await repo.requestsAsDeliverer(db, userId)).map(present.presentDelivery)],
    ['trips', async () => (await repo.tripsAsRunner(db, userId)).map(present.presentTrip)],
    ['runs', async () => (await repo.runsOf(db, userId)).map(present.presentRun)],
    ['products', async () => (await repo.productsOf(db, userId)).map((p) => present.presentProduct(p, urls))],
    ['offers', async () => (await repo.offersOf(db, userId)).map((o) => present.presentOffer(o, userId))],
    ['savedItems', async () => (await repo.savedItemsOf(db, userId)).map(present.presentSavedItem)],
    ['following', async () => (await repo.followingOf(db, userId)).map(present.presentFollowing)],
    ['savedSearches', async () => (await repo.savedSearchesOf(db, userId)).map(present.presentSavedSearch)],
    ['wanted', async () => (await repo.wantedOf(db, userId)).map((w) => present.presentWanted(w, urls))],
    [
      'lostFound',
      async () => (await repo.lostFoundOf(db, userId)).map((p) => present.presentLostFound(p, urls)),
    ],
    [
      'lostFoundClaims',
      async () => (await repo.lostFoundClaimsOf(db, userId)).map(present.presentLostFoundClaim),
    ],
    ['messages', () => mapRows(repo.messagesOf(db, userId), (m) => present.presentMessage(m, userId, urls))],
    ['ratings', async () => (await repo.ratingsOf(db, userId)).map((r) => present.presentRating(r, userId))],
    ['notifications', async () => (await repo.notificationsOf(db, userId)).map(present.presentNotification)],
    [
      'settlements',
      async () => (await repo.settlementsOf(db, userId)).map((s) => present.presentSettlement(s, userId)),
    ],
    ['disputes', async () => (await repo.disputesOf(db, userId)).map((d) => present.presentDispute(d, urls))],
    ['sessions', async () => (await repo.sessionsOf(db, userId)).map(present.presentSession)],
  ];
}

async function* document(deps: Deps, account: repo.AccountRow, at: Date): AsyncGenerator<string> {
  const profile = present.presentProfile(account);
  yield `{"exportedAt":${JSON.stringify(at.toISOString())},"profile":${JSON.stringify(profile)}`;
  for (const [name, read] of sections(deps, account.id)) {
    let chunk = `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const row of await read()) {
      chunk += (first ? '' : ',') + JSON.stringify(row);
      first = false;
      if (chunk.length >= CHUNK) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}]`;
  }
  yield `,"emailPreferences":${JSON.stringify(profile.emailPreferences)}}\n`;
}

/**
 * Counts the download (at most EXPORT_LIMITS.perHour an hour) before any of it is read, then
 * answers the file's name and its body, which reads the sections as it is sent.
 */
async function start(deps: Deps, actor: Actor, at = new Date()) {
  await deps.limit.consume(actor.id, EXPORT_MESSAGES.tooMany);
  const account = await repo.findAccount(deps.db, actor.id);
  if (!account) throw unauthorized();
  const body = Readable.from(document(deps, account, at), { objectMode: false });
  body.on('error', (err) => deps.log.error({ err, userId: actor.id }, 'data download failed'));
  return { fileName: exportFileName(at), body };
}

/**
 * "Download my data": one JSON document of everything CampusRun keeps about the member, written a
 * section at a time as each is read, so the whole of it is never held in memory.
 */
export function createExportService(
  ctx: Pick<AppContext, 'db' | 'limiter' | 'storage' | 'config' | 'log'>,
  ports: Pick<present.ExportUrls, 'disputePhoto'>,
) {
  const deps: Deps = {
    db: ctx.db,
    log: ctx.log,
    limit: ctx.limiter('data-export', { points: EXPORT_LIMITS.perHour, duration: 3600 }),
    urls: { storage: ctx.storage, links: createUploadLinks(ctx.config.jwtSecrets), ...ports },
  };
  return bindUseCases(deps, { start });
}
export type ExportService = ReturnType<typeof createExportService>;

async function* mapRows<T, U>(rows: AsyncIterable<T>, to: (row: T) => U): AsyncGenerator<U> {
  for await (const row of rows) yield to(row);
}
