import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  disputes,
  follows,
  savedSearches,
  wantedPosts,
  lostFoundPosts,
  lostFoundClaims,
  messages,
  notifications,
  offers,
  productImages,
  products,
  ratings,
  requests,
  runs,
  savedProducts,
  sessions,
  settlements,
  trips,
  users,
} from '../../db/schema';

/**
 * Every statement of a member's data download. Each reads only the member's own rows; another person
 * is only ever selected as their id and name, so nothing private to them is read at all.
 */

const other = alias(users, 'other');
const seller = alias(users, 'seller');
const starter = alias(users, 'starter');

/** The member's own account, without the password hash, token version or sign-in provider id. */
export const findAccount = async (db: Db, userId: string) =>
  (
    await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        phoneNumber: users.phoneNumber,
        hostelBlock: users.hostelBlock,
        roomNumber: users.roomNumber,
        avatar: users.avatar,
        upiId: users.upiId,
        isVerified: users.isVerified,
        isModerator: users.isModerator,
        createdAt: users.createdAt,
        pushPreferences: users.pushPreferences,
        emailPreferences: users.emailPreferences,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
  )[0];
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** A request's own fields (never its handover code, sealed or hashed), and the other party's name. */
const requestColumns = {
  id: requests.id,
  number: requests.number,
  itemName: requests.itemName,
  description: requests.description,
  quantity: requests.quantity,
  expectedPrice: requests.expectedPrice,
  itemCost: requests.itemCost,
  actualItemCost: requests.actualItemCost,
  pickupFrom: requests.pickupFrom,
  deadline: requests.deadline,
  deliveryLocation: requests.deliveryLocation,
  isUrgent: requests.isUrgent,
  category: requests.category,
  status: requests.status,
  deliveryNotes: requests.deliveryNotes,
  handoverRequired: requests.handoverRequired,
  tripId: requests.tripId,
  runId: requests.runId,
  createdAt: requests.createdAt,
  acceptedAt: requests.acceptedAt,
  deliveryTime: requests.deliveryTime,
  completedAt: requests.completedAt,
  cancelledAt: requests.cancelledAt,
  otherId: other.id,
  otherName: other.name,
};

/** Requests the member posted; the other party is their deliverer. */
export const requestsAsRequester = (db: Db, userId: string) =>
  db
    .select(requestColumns)
    .from(requests)
    .leftJoin(other, eq(other.id, requests.delivererId))
    .where(eq(requests.requesterId, userId))
    .orderBy(asc(requests.createdAt), asc(requests.id));

/** Requests the member accepted to deliver; the other party is their requester. */
export const requestsAsDeliverer = (db: Db, userId: string) =>
  db
    .select(requestColumns)
    .from(requests)
    .leftJoin(other, eq(other.id, requests.requesterId))
    .where(eq(requests.delivererId, userId))
    .orderBy(asc(requests.createdAt), asc(requests.id));
export type RequestRow = Awaited<ReturnType<typeof requestsAsRequester>>[number];

/** Trips the member announced as their runner. */
export const tripsAsRunner = (db: Db, userId: string) =>
  db
    .select({
      id: trips.id,
      from: trips.from,
      arriveAt: trips.arriveAt,
      cutoffAt: trips.cutoffAt,
      capacity: trips.capacity,
      note: trips.note,
      status: trips.status,
      createdAt: trips.createdAt,
      cancelledAt: trips.cancelledAt,
    })
    .from(trips)
    .where(eq(trips.runnerId, userId))
    .orderBy(asc(trips.createdAt), asc(trips.id));
export type TripRow = Awaited<ReturnType<typeof tripsAsRunner>>[number];

/** Shared runs the member started or joined with a request of theirs. */
export const runsOf = (db: Db, userId: string) =>
  db
    .select({
      id: runs.id,
      pickupFrom: runs.pickupFrom,
      cutoffAt: runs.cutoffAt,
      deadline: runs.deadline,
      totalFee: runs.totalFee,
      status: runs.status,
      createdAt: runs.createdAt,
      acceptedAt: runs.acceptedAt,
      cancelledAt: runs.cancelledAt,
      starterId: starter.id,
      starterName: starter.name,
      delivererId: other.id,
      delivererName: other.name,
    })
    .from(runs)
    .innerJoin(starter, eq(starter.id, runs.starterId))
    .leftJoin(other, eq(other.id, runs.delivererId))
    .where(
      or(
        eq(runs.starterId, userId),
        inArray(
          runs.id,
          db
            .select({ id: sql<string>`${requests.runId}` })
            .from(requests)
            .where(and(eq(requests.requesterId, userId), sql`${requests.runId} is not null`)),
        ),
      ),
    )
    .orderBy(asc(runs.createdAt), asc(runs.id));
export type RunRow = Awaited<ReturnType<typeof runsOf>>[number];

/** The member's listings, with their photos' storage keys in order, and whom they said they sold to. */
export const productsOf = (db: Db, userId: string) =>
  db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      price: products.price,
      quantity: products.quantity,
      category: products.category,
      condition: products.condition,
      isNegotiable: products.isNegotiable,
      status: products.status,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      soldAt: products.soldAt,
      buyerId: other.id,
      buyerName: other.name,
      photos: sql<{ path: string; thumbPath: string }[]>`coalesce((
        select json_agg(json_build_object('path', ${productImages.path}, 'thumbPath', ${productImages.thumbPath})
          order by ${productImages.position}, ${productImages.id})
        from ${productImages} where ${productImages.productId} = ${products.id}), '[]'::json)`,
    })
    .from(products)
    .leftJoin(other, eq(other.id, products.buyerId))
    .where(eq(products.sellerId, userId))
    .orderBy(asc(products.createdAt), asc(products.id));
export type ProductRow = Awaited<ReturnType<typeof productsOf>>[number];

/** Offers the member made (the other party: the seller) and offers made on their products (the buyer). */
export const offersOf = (db: Db, userId: string) =>
  db
    .select({
      id: offers.id,
      productId: offers.productId,
      productName: products.name,
      amount: offers.amount,
      status: offers.status,
      createdAt: offers.createdAt,
      decidedAt: offers.decidedAt,
      buyerId: other.id,
      buyerName: other.name,
      sellerId: seller.id,
      sellerName: seller.name,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(other, eq(other.id, offers.buyerId))
    .innerJoin(seller, eq(seller.id, products.sellerId))
    .where(or(eq(offers.buyerId, userId), eq(products.sellerId, userId)))
    .orderBy(asc(offers.createdAt), asc(offers.id));
export type OfferRow = Awaited<ReturnType<typeof offersOf>>[number];

/** Products the member saved, and whose they are. */
export const savedItemsOf = (db: Db, userId: string) =>
  db
    .select({
      productId: products.id,
      productName: products.name,
      savedAt: savedProducts.createdAt,
      sellerId: seller.id,
      sellerName: seller.name,
    })
    .from(savedProducts)
    .innerJoin(products, eq(products.id, savedProducts.productId))
    .innerJoin(seller, eq(seller.id, products.sellerId))
    .where(eq(savedProducts.userId, userId))
    .orderBy(asc(savedProducts.createdAt), asc(products.id));
export type SavedItemRow = Awaited<ReturnType<typeof savedItemsOf>>[number];

/** The sellers the member follows, oldest follow first (never who follows them: that is theirs). */
export const followingOf = (db: Db, userId: string) =>
  db
    .select({ sellerId: seller.id, sellerName: seller.name, since: follows.createdAt })
    .from(follows)
    .innerJoin(seller, eq(seller.id, follows.sellerId))
    .where(eq(follows.followerId, userId))
    .orderBy(asc(follows.createdAt), asc(follows.sellerId));
export type FollowingRow = Awaited<ReturnType<typeof followingOf>>[number];

/** The member's saved searches, oldest first. */
export const savedSearchesOf = (db: Db, userId: string) =>
  db
    .select({
      id: savedSearches.id,
      kind: savedSearches.kind,
      name: savedSearches.name,
      filters: savedSearches.filters,
      paused: savedSearches.paused,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
export type SavedSearchRow = Awaited<ReturnType<typeof savedSearchesOf>>[number];

/** The member's wanted posts, oldest first (open, closed and expired). */
export const wantedOf = (db: Db, userId: string) =>
  db
    .select({
      id: wantedPosts.id,
      title: wantedPosts.title,
      details: wantedPosts.details,
      category: wantedPosts.category,
      maxPrice: wantedPosts.maxPrice,
      status: wantedPosts.status,
      photoPath: wantedPosts.photoPath,
      expiresAt: wantedPosts.expiresAt,
      createdAt: wantedPosts.createdAt,
    })
    .from(wantedPosts)
    .where(eq(wantedPosts.userId, userId))
    .orderBy(asc(wantedPosts.createdAt), asc(wantedPosts.id));
export type WantedRow = Awaited<ReturnType<typeof wantedOf>>[number];

const MESSAGE_PAGE = 500;

/** One page of the messages the member sent or received, oldest first, after a (sentAt, id) cursor. */
const messagesPage = (db: Db, userId: string, after: { at: string; id: string } | undefined) =>
  db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      content: messages.content,
      productId: messages.productId,
      offerId: messages.offerId,
      imagePath: messages.imagePath,
      isRead: messages.isRead,
      sentAt: messages.sentAt,
      readAt: messages.readAt,
      otherId: other.id,
      otherName: other.name,
      /** The exact time as PostgreSQL keeps it (microseconds), for the next page's cursor. */
      at: sql<string>`${messages.sentAt}::text`,
    })
    .from(messages)
    .innerJoin(
      other,
      sql`${other.id} = case when ${messages.senderId} = ${userId} then ${messages.receiverId} else ${messages.senderId} end`,
    )
    .where(
      and(
        or(eq(messages.senderId, userId), eq(messages.receiverId, userId)),
        after
          ? sql`(${messages.sentAt}, ${messages.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(messages.sentAt), asc(messages.id))
    .limit(MESSAGE_PAGE);
export type MessageRow = Awaited<ReturnType<typeof messagesPage>>[number];

/**
 * Messages the member sent or received, oldest first, a page at a time (a long chat history is
 * never held whole), each with the other person's name.
 */
export async function* messagesOf(db: Db, userId: string): AsyncGenerator<MessageRow> {
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const page = await messagesPage(db, userId, after);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < MESSAGE_PAGE) return;
    after = { at: last.at, id: last.id };
  }
}

/** Ratings the member gave (the other party: whom they rated) and received (who rated them). */
export const ratingsOf = (db: Db, userId: string) =>
  db
    .select({
      id: ratings.id,
      raterId: ratings.raterId,
      userId: ratings.userId,
      requestId: ratings.requestId,
      productId: ratings.productId,
      rating: ratings.rating,
      comment: ratings.comment,
      ratingType: ratings.ratingType,
      createdAt: ratings.createdAt,
      otherId: other.id,
      otherName: other.name,
    })
    .from(ratings)
    .innerJoin(
      other,
      sql`${other.id} = case when ${ratings.raterId} = ${userId} then ${ratings.userId} else ${ratings.raterId} end`,
    )
    .where(or(eq(ratings.raterId, userId), eq(ratings.userId, userId)))
    .orderBy(asc(ratings.createdAt), asc(ratings.id));
export type RatingRow = Awaited<ReturnType<typeof ratingsOf>>[number];

export const notificationsOf = (db: Db, userId: string) =>
  db
    .select({
      id: notifications.id,
      type: notifications.type,
      message: notifications.message,
      data: notifications.data,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
export type NotificationRow = Awaited<ReturnType<typeof notificationsOf>>[number];

/** Settlements where the member pays or is paid, with the other party's name (never their UPI ID). */
export const settlementsOf = (db: Db, userId: string) =>
  db
    .select({
      id: settlements.id,
      kind: settlements.kind,
      requestId: settlements.requestId,
      productId: settlements.productId,
      title: settlements.title,
      payerId: settlements.payerId,
      payeeId: settlements.payeeId,
      amount: settlements.amount,
      tip: settlements.tip,
      state: settlements.state,
      method: settlements.method,
      createdAt: settlements.createdAt,
      paidAt: settlements.paidAt,
      settledAt: settlements.settledAt,
      otherId: other.id,
      otherName: other.name,
    })
    .from(settlements)
    .innerJoin(
      other,
      sql`${other.id} = case when ${settlements.payerId} = ${userId} then ${settlements.payeeId} else ${settlements.payerId} end`,
    )
    .where(or(eq(settlements.payerId, userId), eq(settlements.payeeId, userId)))
    .orderBy(asc(settlements.createdAt), asc(settlements.id));
export type SettlementRow = Awaited<ReturnType<typeof settlementsOf>>[number];

/** Disputes the member opened, or opened about a settlement they are a party of. */
export const disputesOf = (db: Db, userId: string) =>
  db
    .select({
      id: disputes.id,
      targetType: disputes.targetType,
      targetId: disputes.targetId,
      settlementId: disputes.settlementId,
      reason: disputes.reason,
      details: disputes.details,
      photos: disputes.photos,
      reply: disputes.reply,
      replyPhotos: disputes.replyPhotos,
      repliedAt: disputes.repliedAt,
      status: disputes.status,
      outcome: disputes.outcome,
      note: disputes.note,
      createdAt: disputes.createdAt,
      resolvedAt: disputes.resolvedAt,
      withdrawnAt: disputes.withdrawnAt,
      openedById: other.id,
      openedByName: other.name,
    })
    .from(disputes)
    .innerJoin(other, eq(other.id, disputes.openedBy))
    .leftJoin(settlements, eq(settlements.id, disputes.settlementId))
    .where(
      or(eq(disputes.openedBy, userId), eq(settlements.payerId, userId), eq(settlements.payeeId, userId)),
    )
    .orderBy(asc(disputes.createdAt), asc(disputes.id));
export type DisputeRow = Awaited<ReturnType<typeof disputesOf>>[number];

/** The member's signed-in devices. */
export const sessionsOf = (db: Db, userId: string) =>
  db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
export type SessionRow = Awaited<ReturnType<typeof sessionsOf>>[number];

/**
 * The member's lost and found posts, oldest first. A found post's question and the answer its
 * finder expects are theirs to download.
 */
export const lostFoundOf = (db: Db, userId: string) =>
  db
    .select({
      id: lostFoundPosts.id,
      kind: lostFoundPosts.kind,
      title: lostFoundPosts.title,
      category: lostFoundPosts.category,
      place: lostFoundPosts.place,
      happenedAt: lostFoundPosts.happenedAt,
      details: lostFoundPosts.details,
      question: lostFoundPosts.question,
      answer: lostFoundPosts.answer,
      status: lostFoundPosts.status,
      photos: lostFoundPosts.photos,
      expiresAt: lostFoundPosts.expiresAt,
      createdAt: lostFoundPosts.createdAt,
    })
    .from(lostFoundPosts)
    .where(eq(lostFoundPosts.userId, userId))
    .orderBy(asc(lostFoundPosts.createdAt), asc(lostFoundPosts.id));
export type LostFoundRow = Awaited<ReturnType<typeof lostFoundOf>>[number];

/** The member's claims, oldest first: their own answer and the post's title, never the finder's answer. */
export const lostFoundClaimsOf = (db: Db, userId: string) =>
  db
    .select({
      id: lostFoundClaims.id,
      postId: lostFoundClaims.postId,
      postTitle: lostFoundPosts.title,
      answer: lostFoundClaims.answer,
      status: lostFoundClaims.status,
      createdAt: lostFoundClaims.createdAt,
    })
    .from(lostFoundClaims)
    .innerJoin(lostFoundPosts, eq(lostFoundPosts.id, lostFoundClaims.postId))
    .where(eq(lostFoundClaims.claimantId, userId))
    .orderBy(asc(lostFoundClaims.createdAt), asc(lostFoundClaims.id));
export type LostFoundClaimRow = Awaited<ReturnType<typeof lostFoundClaimsOf>>[number];
