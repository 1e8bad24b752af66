import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  ProductCategory,
  ProductCondition,
  ProductStatus,
  RatingType,
  RequestCategory,
  RequestStatus,
  Role,
} from '@campusrun/shared';
import type { Db } from '../db/client';
import { messages, productImages, products, ratings, requests, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createJwt } from '../lib/tokens';
import { startSession } from '../modules/identity/session.service';
import type { TestApp } from './build-test-app';

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;

export const uniqueEmail = (prefix = 'user', domain = 'example.edu') =>
  `${prefix}.${randomBytes(4).toString('hex')}@${domain}`;

/** Inserts a user straight into the database (verified unless told otherwise). */
export async function createUser(
  db: Db,
  opts: { role?: Role; name?: string; email?: string; verified?: boolean; password?: string } = {},
) {
  const role = opts.role ?? 'hosteller';
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      name: opts.name ?? (role === 'hosteller' ? 'Hema Hosteller' : 'Dev Dayscholar'),
      email: opts.email ?? uniqueEmail(role),
      passwordHash: opts.password ? await hashPassword(opts.password) : await defaultHash,
      role,
      phoneNumber: '9876543210',
      hostelBlock: role === 'hosteller' ? 'Block A' : null,
      roomNumber: role === 'hosteller' ? '101' : null,
      isVerified: opts.verified ?? true,
    })
    .returning();
  return user!;
}

/**
 * Makes an account established, as a long-standing member's is: created two days ago and with five
 * messages sent (to a fresh account), so its reports count toward holding a listing.
 */
export async function makeEstablished(db: Db, user: { id: string }) {
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 48 * 3600_000) })
    .where(eq(users.id, user.id));
  const partner = await createUser(db);
  await db.insert(messages).values(
    Array.from({ length: 5 }, (_, i) => ({
      senderId: user.id,
      receiverId: partner.id,
      content: `hello ${i}`,
    })),
  );
}

/** A valid bearer token for the user, as login would issue it: a new session of its own. */
export async function tokenFor(
  t: Pick<TestApp, 'config' | 'db'>,
  user: { id: string; tokenVersion: number },
  userAgent?: string,
) {
  return startSession({ db: t.db, jwt: createJwt(t.config.jwtSecret, '1h') }, user, userAgent);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Inserts a request straight into the database in any state (expectedPrice in rupees). */
export async function createRequest(
  db: Db,
  opts: {
    requester: { id: string };
    deliverer?: { id: string } | null;
    status?: RequestStatus;
    itemName?: string;
    description?: string;
    quantity?: number;
    expectedPrice?: number;
    /** Rupees. */
    itemCost?: number | null;
    /** Rupees. */
    actualItemCost?: number | null;
    pickupFrom?: string | null;
    deadline?: Date;
    deliveryLocation?: string;
    category?: RequestCategory;
    isUrgent?: boolean;
    createdAt?: Date;
    deliveryNotes?: string | null;
    /** An accepted request its deliverer marked picked up (a completed one always was). */
    pickedUp?: boolean;
  },
) {
  const status = opts.status ?? 'pending';
  const at = opts.createdAt ?? new Date();
  const needsDeliverer = status === 'accepted' || status === 'completed';
  if (needsDeliverer && !opts.deliverer) throw new Error(`a ${status} request needs a deliverer`);
  const [row] = await db
    .insert(requests)
    .values({
      requesterId: opts.requester.id,
      delivererId: opts.deliverer?.id ?? null,
      itemName: opts.itemName ?? 'Notebook',
      description: opts.description ?? 'A ruled A4 notebook',
      quantity: opts.quantity ?? 1,
      expectedPrice: Math.round((opts.expectedPrice ?? 50) * 100),
      itemCost: opts.itemCost == null ? null : Math.round(opts.itemCost * 100),
      actualItemCost: opts.actualItemCost == null ? null : Math.round(opts.actualItemCost * 100),
      pickupFrom: opts.pickupFrom ?? null,
      deadline: opts.deadline ?? new Date(Date.now() + 24 * 3600_000),
      deliveryLocation: opts.deliveryLocation ?? 'Block A gate',
      category: opts.category ?? 'other',
      isUrgent: opts.isUrgent ?? false,
      status,
      deliveryNotes: opts.deliveryNotes ?? null,
      createdAt: at,
      acceptedAt: opts.deliverer && status !== 'pending' ? at : null,
      pickedUpAt: status === 'completed' || (status === 'accepted' && opts.pickedUp) ? at : null,
      completedAt: status === 'completed' ? at : null,
      deliveryTime: status === 'completed' ? at : null,
      cancelledAt: status === 'cancelled' ? at : null,
    })
    .returning();
  return row!;
}

/** Inserts a rating straight into the database. */
export async function createRating(
  db: Db,
  opts: {
    request: { id: string };
    rater: { id: string };
    user: { id: string };
    rating: number;
    type: RatingType;
  },
) {
  const [row] = await db
    .insert(ratings)
    .values({
      requestId: opts.request.id,
      raterId: opts.rater.id,
      userId: opts.user.id,
      rating: opts.rating,
      ratingType: opts.type,
    })
    .returning();
  return row!;
}

/** Bearer headers for a user, as if they had signed in. */
export const authAs = async (t: Pick<TestApp, 'config' | 'db'>, user: { id: string; tokenVersion: number }) =>
  bearer(await tokenFor(t, user));

/**
 * Inserts a product straight into the database (price in rupees). Its image rows point at storage keys
 * with no files behind them; create through the API when a test needs real files.
 */
export async function createProduct(
  db: Db,
  opts: {
    seller: { id: string };
    name?: string;
    description?: string;
    price?: number;
    quantity?: number;
    category?: ProductCategory;
    condition?: ProductCondition;
    status?: ProductStatus;
    isNegotiable?: boolean;
    createdAt?: Date;
    images?: number;
  },
) {
  const at = opts.createdAt ?? new Date();
  const [row] = await db
    .insert(products)
    .values({
      sellerId: opts.seller.id,
      name: opts.name ?? 'Desk lamp',
      description: opts.description ?? 'A working LED desk lamp',
      price: Math.round((opts.price ?? 250) * 100),
      quantity: opts.quantity ?? 1,
      category: opts.category ?? 'other',
      condition: opts.condition ?? 'good',
      status: opts.status ?? 'available',
      isNegotiable: opts.isNegotiable ?? false,
      createdAt: at,
      updatedAt: at,
      listedAt: at,
      soldAt: opts.status === 'sold' ? at : null,
    })
    .returning();
  const count = opts.images ?? 1;
  if (count > 0)
    await db.insert(productImages).values(
      Array.from({ length: count }, (_, i) => {
        const key = `products/${randomBytes(16).toString('hex')}`;
        return {
          productId: row!.id,
          path: `${key}.webp`,
          thumbPath: `${key}_thumb.webp`,
          width: 800,
          height: 600,
          position: i,
        };
      }),
    );
  return row!;
}
