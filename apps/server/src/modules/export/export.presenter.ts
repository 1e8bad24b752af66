import { toRupees } from '../../lib/money';
import type { Storage } from '../../lib/storage';
import type { UploadLinks } from '../../lib/upload-links';
import type {
  AccountRow,
  DisputeRow,
  FollowingRow,
  SavedSearchRow,
  WantedRow,
  LostFoundRow,
  LostFoundClaimRow,
  MessageRow,
  NotificationRow,
  OfferRow,
  ProductRow,
  RatingRow,
  RequestRow,
  RunRow,
  SavedItemRow,
  SessionRow,
  SettlementRow,
  TripRow,
} from './export.repo';

/**
 * What a member's data download holds. The member's own rows in full, apart from secrets (password,
 * token and code hashes, one-time codes); every other person only as `{ id, name }`.
 */

/** Another person, as the download names them. */
export interface PersonRef {
  id: string;
  name: string;
}
const person = (id: string | null, name: string | null): PersonRef | null =>
  id && name !== null ? { id, name } : null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const rupees = (paise: number | null) => (paise === null ? null : toRupees(paise));

export interface ExportUrls {
  storage: Pick<Storage, 'url'>;
  links: Pick<UploadLinks, 'url'>;
  /** A dispute photo's signed links, as its parties are given them (they last about an hour). */
  disputePhoto: (
    disputeId: string,
    side: 'opener' | 'reply',
    index: number,
    key: string,
  ) => { url: string; thumbnailUrl: string };
}

export const presentProfile = (u: AccountRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  phoneNumber: u.phoneNumber,
  hostelBlock: u.hostelBlock,
  roomNumber: u.roomNumber,
  avatarUrl: u.avatar,
  upiId: u.upiId,
  isVerified: u.isVerified,
  isModerator: u.isModerator,
  createdAt: u.createdAt.toISOString(),
  pushPreferences: u.pushPreferences,
  emailPreferences: u.emailPreferences,
});

const presentRequest = (r: RequestRow) => ({
  id: r.id,
  number: r.number,
  itemName: r.itemName,
  description: r.description,
  quantity: r.quantity,
  fee: toRupees(r.expectedPrice),
  itemCost: rupees(r.itemCost),
  actualItemCost: rupees(r.actualItemCost),
  pickupFrom: r.pickupFrom,
  deadline: r.deadline.toISOString(),
  deliveryLocation: r.deliveryLocation,
  isUrgent: r.isUrgent,
  category: r.category,
  status: r.status,
  deliveryNotes: r.deliveryNotes,
  handoverRequired: r.handoverRequired,
  tripId: r.tripId,
  runId: r.runId,
  createdAt: r.createdAt.toISOString(),
  acceptedAt: iso(r.acceptedAt),
  deliveredAt: iso(r.deliveryTime),
  completedAt: iso(r.completedAt),
  cancelledAt: iso(r.cancelledAt),
});

/** A request the member posted, and who delivers it. */
export const presentOwnRequest = (r: RequestRow) => ({
  ...presentRequest(r),
  deliverer: person(r.otherId, r.otherName),
});

/** A request the member delivers, and whose it is (their name only: never their phone or room). */
export const presentDelivery = (r: RequestRow) => ({
  ...presentRequest(r),
  requester: person(r.otherId, r.otherName),
});

export const presentTrip = (t: TripRow) => ({
  id: t.id,
  from: t.from,
  arriveAt: t.arriveAt.toISOString(),
  cutoffAt: t.cutoffAt.toISOString(),
  capacity: t.capacity,
  note: t.note,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  cancelledAt: iso(t.cancelledAt),
});

export const presentRun = (r: RunRow) => ({
  id: r.id,
  pickupFrom: r.pickupFrom,
  cutoffAt: r.cutoffAt.toISOString(),
  deadline: r.deadline.toISOString(),
  totalFee: toRupees(r.totalFee),
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  acceptedAt: iso(r.acceptedAt),
  cancelledAt: iso(r.cancelledAt),
  starter: person(r.starterId, r.starterName),
  deliverer: person(r.delivererId, r.delivererName),
});

export const presentProduct = (p: ProductRow, { storage }: ExportUrls) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price: toRupees(p.price),
  quantity: p.quantity,
  category: p.category,
  condition: p.condition,
  isNegotiable: p.isNegotiable,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  soldAt: iso(p.soldAt),
  buyer: person(p.buyerId, p.buyerName),
  photos: p.photos.map((photo) => ({
    url: storage.url(photo.path),
    thumbnailUrl: storage.url(photo.thumbPath),
  })),
});

/** An offer the member made ('made') or one made to them on a product of theirs ('received'). */
export const presentOffer = (o: OfferRow, userId: string) => ({
  id: o.id,
  direction: o.buyerId === userId ? ('made' as const) : ('received' as const),
  product: { id: o.productId, name: o.productName },
  amount: toRupees(o.amount),
  status: o.status,
  createdAt: o.createdAt.toISOString(),
  decidedAt: iso(o.decidedAt),
  buyer: { id: o.buyerId, name: o.buyerName },
  seller: { id: o.sellerId, name: o.sellerName },
});

export const presentSavedItem = (s: SavedItemRow) => ({
  product: { id: s.productId, name: s.productName },
  seller: { id: s.sellerId, name: s.sellerName },
  savedAt: s.savedAt.toISOString(),
});

/** A seller the member follows. */
export const presentFollowing = (f: FollowingRow) => ({
  seller: { id: f.sellerId, name: f.sellerName },
  since: f.since.toISOString(),
});

/** A saved search: what it looks for, and whether its alerts are paused. */
export const presentSavedSearch = (s: SavedSearchRow) => ({
  id: s.id,
  kind: s.kind,
  name: s.name,
  filters: s.filters,
  paused: s.paused,
  savedAt: s.createdAt.toISOString(),
});

/** A wanted post of the member's (price in rupees), with its photo's link. */
export const presentWanted = (w: WantedRow, { storage }: ExportUrls) => ({
  id: w.id,
  title: w.title,
  details: w.details,
  category: w.category,
  maxPrice: toRupees(w.maxPrice),
  status: w.status,
  photoUrl: w.photoPath ? storage.url(w.photoPath) : null,
  expiresAt: w.expiresAt.toISOString(),
  postedAt: w.createdAt.toISOString(),
});

/** A lost or found post of the member's, with its photos' links. */
export const presentLostFound = (p: LostFoundRow, { links }: ExportUrls) => ({
  id: p.id,
  kind: p.kind,
  title: p.title,
  category: p.category,
  place: p.place,
  when: p.happenedAt.toISOString(),
  details: p.details,
  question: p.question,
  answer: p.answer,
  status: p.status,
  // Private uploads: signed links that last about an hour.
  photoUrls: p.photos.map((photo) => links.url(photo.path)),
  expiresAt: p.expiresAt.toISOString(),
  postedAt: p.createdAt.toISOString(),
});

/** A claim the member made: the post, their own answer and where it stands. */
export const presentLostFoundClaim = (c: LostFoundClaimRow) => ({
  id: c.id,
  postId: c.postId,
  postTitle: c.postTitle,
  answer: c.answer,
  status: c.status,
  claimedAt: c.createdAt.toISOString(),
});

/** A message sent or received; a photo is a signed link that lasts about an hour. */
export const presentMessage = (m: MessageRow, userId: string, { links }: ExportUrls) => ({
  id: m.id,
  direction: m.senderId === userId ? ('sent' as const) : ('received' as const),
  with: { id: m.otherId, name: m.otherName },
  content: m.content,
  photoUrl: m.imagePath ? links.url(m.imagePath) : null,
  productId: m.productId,
  offerId: m.offerId,
  isRead: m.isRead,
  sentAt: m.sentAt.toISOString(),
  readAt: iso(m.readAt),
});

export const presentRating = (r: RatingRow, userId: string) => ({
  id: r.id,
  direction: r.raterId === userId ? ('given' as const) : ('received' as const),
  with: { id: r.otherId, name: r.otherName },
  requestId: r.requestId,
  productId: r.productId,
  rating: r.rating,
  comment: r.comment,
  ratingType: r.ratingType,
  createdAt: r.createdAt.toISOString(),
});

export const presentNotification = (n: NotificationRow) => ({
  id: n.id,
  type: n.type,
  message: n.message,
  data: n.data,
  isRead: n.isRead,
  createdAt: n.createdAt.toISOString(),
});

/** A settlement, as payer or payee; the other party's name only (never their UPI ID). */
export const presentSettlement = (s: SettlementRow, userId: string) => ({
  id: s.id,
  kind: s.kind,
  role: s.payerId === userId ? ('payer' as const) : ('payee' as const),
  with: { id: s.otherId, name: s.otherName },
  requestId: s.requestId,
  productId: s.productId,
  title: s.title,
  amount: toRupees(s.amount),
  /** The payer's own tip on top of the amount (rupees). */
  tip: toRupees(s.tip),
  state: s.state,
  method: s.method,
  createdAt: s.createdAt.toISOString(),
  paidAt: iso(s.paidAt),
  settledAt: iso(s.settledAt),
});

/**
 * A dispute the member opened or is a party to: both sides' statements with their photos (signed
 * links that last about an hour), the decision or the withdrawal.
 */
export const presentDispute = (d: DisputeRow, { disputePhoto }: ExportUrls) => ({
  id: d.id,
  targetType: d.targetType,
  targetId: d.targetId,
  settlementId: d.settlementId,
  openedBy: { id: d.openedById, name: d.openedByName },
  reason: d.reason,
  details: d.details,
  photos: d.photos.map((key, i) => disputePhoto(d.id, 'opener', i, key)),
  reply:
    d.reply === null
      ? null
      : {
          text: d.reply,
          photos: d.replyPhotos.map((key, i) => disputePhoto(d.id, 'reply', i, key)),
          at: iso(d.repliedAt),
        },
  status: d.status,
  outcome: d.outcome,
  note: d.note,
  createdAt: d.createdAt.toISOString(),
  resolvedAt: iso(d.resolvedAt),
  withdrawnAt: iso(d.withdrawnAt),
});

export const presentSession = (s: SessionRow) => ({
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
  userAgent: s.userAgent,
});
