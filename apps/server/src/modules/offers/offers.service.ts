import {
  BLOCK_MESSAGES,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  PRODUCT_MESSAGES,
  type Offer,
  OFFER_NOTICES,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { isBlockedBetween, notBlockedAmong } from '../../lib/listing-visibility';
import { formatRupees, toPaise, toRupees } from '../../lib/money';
import { presentOffer } from './offers.presenter';
import * as repo from './offers.repo';
import { bindUseCases } from '../../lib/use-cases';

/** What offers need of other features (composed in the app). */
export interface OffersPorts {
  /** Posts the offer card into the buyer–seller chat. */
  chat: {
    post(
      actor: Actor,
      input: { receiverId: string; content: string; productId: string; offerId: string },
    ): Promise<unknown>;
  };
  /** Tells the product's watchers and savers that an accepted offer reserved it. */
  products: { reservedByOffer(productId: string, buyerId: string): Promise<void> };
  /** Reserves the product in the accept's transaction (the products feature writes its table). */
  productWrites: repo.ProductReserve;
}

const rupees = (paise: number) => formatRupees(toRupees(paise));

/** What every offer use case works with. */
type Deps = Pick<AppContext, 'db' | 'events'> & OffersPorts;

/** Pushes these offers, as they are now, to their buyers and the seller; answers them presented. */
async function announce({ db, events }: Deps, ids: string[], sellerId: string) {
  const found = await repo.findOffers(db, ids);
  for (const offer of found)
    await events.emit({ type: 'offer.updated', offer: presentOffer(offer), sellerId });
  return found;
}
const presented = (found: repo.OfferView[], id: string) => presentOffer(found.find((o) => o.id === id)!);

/**
 * The product, unless it answers 404 to the actor: removed by a moderator, or its seller is
 * suspended (for everyone but moderators).
 */
async function shownProduct(db: Deps['db'], actor: Actor, productId: string) {
  const product = await repo.findProduct(db, productId);
  if (!product || product.moderation === 'removed' || (product.sellerSuspended && !actor.isModerator))
    throw notFound(PRODUCT_MESSAGES.notFound);
  return product;
}

/** No offer is made, accepted or declined between two users of whom either blocks the other. */
async function assertNotBlocked(db: Deps['db'], a: string, b: string) {
  if (await isBlockedBetween(db, a, b)) throw forbidden(BLOCK_MESSAGES.cannotOffer);
}

async function offerWithProduct(db: Deps['db'], id: string) {
  const offer = await repo.findOffer(db, id);
  if (!offer) throw notFound(OFFER_MESSAGES.notFound);
  const product = await repo.findProduct(db, offer.productId);
  if (!product) throw notFound(OFFER_MESSAGES.notFound);
  return { offer, product };
}

/** Notifies `userIds` of something `fromId` did, but none of them who blocks `fromId` or is blocked by them. */
async function notice(
  { db, events }: Deps,
  fromId: string,
  to: string[],
  productId: string,
  message: string,
) {
  const userIds = await notBlockedAmong(db, fromId, to);
  if (userIds.length)
    await events.emit({
      type: 'users.noticed',
      userIds,
      notice: { type: 'product', message, data: { productId } },
    });
}

// The buyer's side: making an offer, reading the offers, withdrawing one.

/** POST /products/{id}/offers: the buyer makes an offer, posted as a card into their chat with the seller. */
async function make(
  deps: Deps,
  actor: Actor,
  productId: string,
  amountRupees: number,
): Promise<{ offer: Offer; message: string }> {
  const { db } = deps;
  const product = await shownProduct(db, actor, productId);
  if (product.sellerId === actor.id) throw forbidden(OFFER_MESSAGES.ownProduct);
  if (product.status !== 'available' || product.moderation !== 'visible')
    throw conflict(OFFER_MESSAGES.notAvailable);
  // An expired listing takes no offers until its seller renews it.
  if (product.expired) throw conflict(PRODUCT_MESSAGES.expired);
  const amount = toPaise(amountRupees);
  if (amount > product.price * OFFER_LIMITS.maxTimesPrice)
    throw fieldError('amount', OFFER_MESSAGES.amountMax);
  await assertNotBlocked(db, actor.id, product.sellerId);
  let id: string;
  try {
    id = await repo.insertOffer(db, { productId, buyerId: actor.id, amount });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(OFFER_MESSAGES.pendingExists);
    throw err;
  }
  const offer = presented(await announce(deps, [id], product.sellerId), id);
  await deps.chat.post(actor, {
    receiverId: product.sellerId,
    content: OFFER_NOTICES.content(rupees(amount), product.name),
    productId,
    offerId: id,
  });
  return { offer, message: OFFER_MESSAGES.made };
}

/** GET /products/{id}/offers: the seller sees every offer, anyone else their own. */
async function list({ db }: Deps, actor: Actor, productId: string) {
  const product = await shownProduct(db, actor, productId);
  const rows = await repo.listOffers(db, productId, product.sellerId === actor.id ? undefined : actor.id);
  return { offers: rows.map(presentOffer) };
}

/** PUT /offers/{id}/withdraw: the buyer. */
async function withdraw(deps: Deps, actor: Actor, id: string) {
  const { db } = deps;
  const { offer, product } = await offerWithProduct(db, id);
  if (offer.buyerId !== actor.id) throw forbidden(OFFER_MESSAGES.notBuyerOfOffer);
  if (!(await repo.closeOffer(db, id, 'withdrawn'))) throw conflict(OFFER_MESSAGES.notPending);
  const changed = await announce(deps, [id], product.sellerId);
  // A withdrawal is allowed across a block (it ends an offer), but the seller is not told of it then.
  await notice(
    deps,
    actor.id,
    [product.sellerId],
    product.id,
    OFFER_NOTICES.withdrawn(actor.name, product.name),
  );
  return { offer: presented(changed, id), message: OFFER_MESSAGES.withdrawn };
}

// The seller's side: accepting or declining an offer, and the offers a status change closes.

/** PUT /offers/{id}/accept: the seller; atomic per product. */
async function accept(deps: Deps, actor: Actor, id: string) {
  const { db } = deps;
  const { offer, product } = await offerWithProduct(db, id);
  if (product.sellerId !== actor.id) throw forbidden(OFFER_MESSAGES.notSellerOfOffer);
  await assertNotBlocked(db, actor.id, offer.buyerId);
  const outcome = await repo.acceptOffer(db, deps.productWrites, id, product.id);
  if (!outcome.ok)
    throw conflict(outcome.reason === 'notPending' ? OFFER_MESSAGES.notPending : OFFER_MESSAGES.notAvailable);
  const changed = await announce(deps, [id, ...outcome.declined], actor.id);
  await deps.products.reservedByOffer(product.id, offer.buyerId);
  await notice(
    deps,
    actor.id,
    [offer.buyerId],
    product.id,
    OFFER_NOTICES.accepted(actor.name, rupees(offer.amount), product.name),
  );
  const declinedBuyers = changed.filter((o) => o.id !== id).map((o) => o.buyerId);
  await notice(deps, actor.id, declinedBuyers, product.id, OFFER_NOTICES.reservedForAnother(product.name));
  return { offer: presented(changed, id), message: OFFER_MESSAGES.accepted };
}

/** PUT /offers/{id}/decline: the seller. */
async function decline(deps: Deps, actor: Actor, id: string) {
  const { db } = deps;
  const { offer, product } = await offerWithProduct(db, id);
  if (product.sellerId !== actor.id) throw forbidden(OFFER_MESSAGES.notSellerOfOffer);
  await assertNotBlocked(db, actor.id, offer.buyerId);
  if (!(await repo.closeOffer(db, id, 'declined'))) throw conflict(OFFER_MESSAGES.notPending);
  const changed = await announce(deps, [id], actor.id);
  await notice(
    deps,
    actor.id,
    [offer.buyerId],
    product.id,
    OFFER_NOTICES.declined(actor.name, rupees(offer.amount), product.name),
  );
  return { offer: presented(changed, id), message: OFFER_MESSAGES.declined };
}

/**
 * The seller changed the product's status: once sold, its pending offers are declined; once
 * available again, the accepted one (the reservation) is.
 */
async function productStatusChanged(
  deps: Deps,
  productId: string,
  sellerId: string,
  status: 'available' | 'reserved' | 'sold',
) {
  if (status === 'reserved') return;
  const declined = await repo.declineOffersOf(deps.db, productId, status === 'sold' ? 'pending' : 'accepted');
  await announce(deps, declined, sellerId);
}

/**
 * Offers on products: a buyer offers a price in the chat with the seller; the seller accepts (the
 * product is reserved for the buyer, the other pending offers are declined) or declines; the buyer
 * may withdraw. Each change is pushed to both as `offer.updated` and the card in their chat follows.
 */
export function createOffersService(ctx: Pick<AppContext, 'db' | 'events'>, ports: OffersPorts) {
  const deps: Deps = { db: ctx.db, events: ctx.events, ...ports };
  return bindUseCases(deps, { make, list, withdraw, accept, decline, productStatusChanged });
}
export type OffersService = ReturnType<typeof createOffersService>;
