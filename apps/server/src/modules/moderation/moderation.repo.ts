import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportStatus, ReportTargetType } from '@campusrun/shared';
import type { Db, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  lostFoundClaims,
  lostFoundPosts,
  messages,
  moderationActions,
  productImages,
  products,
  reports,
  requests,
  users,
} from '../../db/schema';
import { afterCursor, cursorOf, listOrder, orderBy } from '../../lib/lists';

const reporter = alias(users, 'reporter');
const owner = alias(users, 'owner');

const newestFirst = listOrder(
  'moderation:reports',
  'desc',
  [reports.createdAt, 'time'],
  [reports.id, 'uuid'],
);

/** One page of reports by status, newest first, with reporter and owner names. */
export const listReports = (db: Db, status: ReportStatus, limit: number, cursor?: string) =>
  db
    .select({
      report: reports,
      reporterName: reporter.name,
      ownerName: owner.name,
      ownerSuspended: sql<boolean>`${owner.suspendedAt} is not null and (${owner.suspendedUntil} is null or ${owner.suspendedUntil} > now())`,
      cursor: cursorOf(newestFirst),
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(owner, eq(owner.id, reports.targetOwnerId))
    .where(and(eq(reports.status, status), afterCursor(newestFirst, cursor)))
    .orderBy(...orderBy(newestFirst))
    .limit(limit + 1);

export const findReport = async (db: Db, id: string) =>
  (await db.select().from(reports).where(eq(reports.id, id)).limit(1))[0];

/** A reported message, with the few messages around it in the same conversation. */
async function messageDetails(db: Db, id: string, ownerId: string) {
  const [m] = await db.select().from(messages).where(eq(messages.id, id));
  if (!m) return undefined;
  const rows = await queryRows<{ sender_id: string; content: string; sent_at: Date | string }>(
    db,
    sql`
    (select sender_id, content, sent_at from ${messages}
      where ((sender_id = ${m.senderId} and receiver_id = ${m.receiverId}) or (sender_id = ${m.receiverId} and receiver_id = ${m.senderId}))
        and sent_at < ${m.sentAt} order by sent_at desc limit 3)
    union all
    (select sender_id, content, sent_at from ${messages}
      where ((sender_id = ${m.senderId} and receiver_id = ${m.receiverId}) or (sender_id = ${m.receiverId} and receiver_id = ${m.senderId}))
        and sent_at > ${m.sentAt} order by sent_at asc limit 3)
    order by sent_at`,
  );
  return {
    title: null,
    text: m.content,
    price: null,
    moderation: null,
    photoKeys: m.imagePath ? [m.imagePath] : [],
    avatar: null,
    context: rows.map((r) => ({
      fromOwner: r.sender_id === ownerId,
      content: r.content,
      sentAt: new Date(r.sent_at).toISOString(),
    })),
    post: null,
  };
}

/**
 * What a moderator sees of one target (undefined when it no longer exists): its photos as storage
 * keys (a product's thumbnails, a post's or a photo message's photos), or a user's avatar as stored;
 * a claim's post.
 */
export type TargetDetails = NonNullable<Awaited<ReturnType<typeof targetDetails>>>;
export async function targetDetails(db: Db, type: ReportTargetType, id: string, ownerId: string) {
  switch (type) {
    case 'product': {
      const [p] = await db
        .select({
          title: products.name,
          text: products.description,
          price: products.price,
          moderation: products.moderation,
        })
        .from(products)
        .where(eq(products.id, id));
      if (!p) return undefined;
      const photos = await db
        .select({ path: productImages.thumbPath })
        .from(productImages)
        .where(eq(productImages.productId, id))
        .orderBy(productImages.position);
      return { ...p, photoKeys: photos.map((x) => x.path), avatar: null, context: [], post: null };
    }
    case 'request': {
      const [r] = await db
        .select({
          title: requests.itemName,
          text: requests.description,
          price: requests.expectedPrice,
          moderation: requests.moderation,
        })
        .from(requests)
        .where(eq(requests.id, id));
      return r && { ...r, photoKeys: [], avatar: null, context: [], post: null };
    }
    case 'lost_found_post': {
      const [p] = await db
        .select({
          title: lostFoundPosts.title,
          text: lostFoundPosts.details,
          moderation: lostFoundPosts.moderation,
          photos: lostFoundPosts.photos,
        })
        .from(lostFoundPosts)
        .where(eq(lostFoundPosts.id, id));
      return (
        p && {
          title: p.title,
          text: p.text,
          price: null,
          moderation: p.moderation,
          photoKeys: p.photos.map((photo) => photo.thumbPath),
          avatar: null,
          context: [],
          post: null,
        }
      );
    }
    case 'lost_found_claim': {
      const [claim] = await db
        .select({
          answer: lostFoundClaims.answer,
          moderation: lostFoundClaims.moderation,
          postId: lostFoundPosts.id,
          postTitle: lostFoundPosts.title,
          question: lostFoundPosts.question,
        })
        .from(lostFoundClaims)
        .innerJoin(lostFoundPosts, eq(lostFoundPosts.id, lostFoundClaims.postId))
        .where(eq(lostFoundClaims.id, id));
      // Never the answer the finder expects: only the claimant's, and the question it answers.
      return (
        claim && {
          title: null,
          text: claim.answer,
          price: null,
          moderation: claim.moderation,
          photoKeys: [],
          avatar: null,
          context: [],
          post: { id: claim.postId, title: claim.postTitle, question: claim.question },
        }
      );
    }
    case 'message':
      return messageDetails(db, id, ownerId);
    case 'user': {
      const [u] = await db
        .select({ title: users.name, avatar: users.avatar })
        .from(users)
        .where(eq(users.id, id));
      return (
        u && {
          title: u.title,
          text: null,
          price: null,
          moderation: null,
          photoKeys: [],
          avatar: u.avatar,
          context: [],
          post: null,
        }
      );
    }
  }
}

export const userExists = async (db: Db, id: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;

export const logAction = (tx: Executor, entry: typeof moderationActions.$inferInsert) =>
  tx.insert(moderationActions).values(entry);

const actionsOrder = listOrder(
  'moderation:actions',
  'desc',
  [moderationActions.createdAt, 'time'],
  [moderationActions.id, 'uuid'],
);

export const listActions = (db: Db, limit: number, cursor?: string) =>
  db
    .select({ action: moderationActions, moderatorName: users.name, cursor: cursorOf(actionsOrder) })
    .from(moderationActions)
    .innerJoin(users, eq(users.id, moderationActions.moderatorId))
    .where(afterCursor(actionsOrder, cursor))
    .orderBy(...orderBy(actionsOrder))
    .limit(limit + 1);
