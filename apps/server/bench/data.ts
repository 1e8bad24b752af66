import { sql } from 'drizzle-orm';
import type { RequestStatus } from '@campusrun/shared';
import type { Db } from '../src/db/client';
import { notifications, requests, users } from '../src/db/schema';

const ITEMS: Array<[string, string]> = [
  ['Milk', 'Amul toned milk, 1 litre'],
  ['Bread', 'Brown bread loaf'],
  ['Eggs', 'A dozen eggs'],
  ['Paracetamol', '500 mg strip of 10'],
  ['Cough syrup', 'Any brand, 100 ml'],
  ['Notebook', 'Ruled A4 notebook, 200 pages'],
  ['Blue pens', 'Pack of 5 ball pens'],
  ['Graph paper', '20 sheets'],
  ['Biryani', 'Chicken biryani from the canteen near the gate'],
  ['Samosa', 'Four samosas with chutney'],
  ['Bananas', 'Half a dozen'],
  ['Instant noodles', 'Pack of 4'],
  ['Shampoo', 'Small bottle'],
  ['Toothpaste', 'Any brand'],
  ['Phone charger', 'USB-C, 20 W'],
  ['Printouts', 'Lab record, 12 pages, black and white'],
  ['Coffee', 'Cold coffee from the café'],
  ['Oats', '500 g pack'],
  ['Band-aids', 'Box of 20'],
  ['Detergent', '1 kg washing powder'],
];
const LOCATIONS = ['Block A gate', 'Block B lobby', 'Block C room corridor', 'Block D', 'Library entrance'];
const CATEGORIES = ['groceries', 'medicines', 'stationery', 'food', 'other'] as const;

/** Deterministic pseudo-random numbers so every run measures the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `count` requests from 100 hostellers to 50 day scholars: 70 % pending (open), 10 % accepted,
 * 12 % completed, 8 % cancelled, created over the last 30 days.
 */
export async function seedBenchData(db: Db, count: number) {
  const random = rng(42);
  const hostellers = await db
    .insert(users)
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        name: `Bench Hosteller ${i + 1}`,
        email: `bench.hosteller${i + 1}@example.edu`,
        role: 'hosteller' as const,
        phoneNumber: '9876543210',
        hostelBlock: `Block ${'ABCD'[i % 4]}`,
        roomNumber: String(100 + i),
        isVerified: true,
      })),
    )
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  const dayScholars = await db
    .insert(users)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        name: `Bench Day Scholar ${i + 1}`,
        email: `bench.dayscholar${i + 1}@example.edu`,
        role: 'dayscholar' as const,
        phoneNumber: '9876543211',
        isVerified: true,
      })),
    )
    .returning({ id: users.id, tokenVersion: users.tokenVersion });

  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const [itemName, description] = ITEMS[Math.floor(random() * ITEMS.length)]!;
    const roll = random();
    const status: RequestStatus =
      roll < 0.7 ? 'pending' : roll < 0.8 ? 'accepted' : roll < 0.92 ? 'completed' : 'cancelled';
    const createdAt = new Date(now - Math.floor(random() * 30 * 86_400_000));
    const deliverer = status === 'pending' ? null : dayScholars[i % dayScholars.length]!;
    return {
      requesterId: hostellers[i % hostellers.length]!.id,
      delivererId: status === 'cancelled' && random() < 0.5 ? null : (deliverer?.id ?? null),
      itemName,
      description,
      quantity: 1 + Math.floor(random() * 3),
      expectedPrice: (10 + Math.floor(random() * 490)) * 100,
      deadline: new Date(now + (1 + Math.floor(random() * 72)) * 3600_000),
      deliveryLocation: LOCATIONS[Math.floor(random() * LOCATIONS.length)]!,
      category: CATEGORIES[Math.floor(random() * CATEGORIES.length)]!,
      isUrgent: random() < 0.1,
      status,
      createdAt,
      acceptedAt: deliverer ? createdAt : null,
      completedAt: status === 'completed' ? createdAt : null,
      deliveryTime: status === 'completed' ? createdAt : null,
      cancelledAt: status === 'cancelled' ? createdAt : null,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(requests).values(rows.slice(i, i + 1000));
  }
  await db.execute(sql`analyze`);
  return { hostellers, dayScholars };
}

/**
 * Makes `hosteller` a heavy member: `counts.requests` requests of their own in every state (the
 * `dayScholar` delivering each one that has a deliverer), and `counts.notifications` notifications,
 * a tenth of them unread, over the last 60 days.
 */
export async function seedHeavyMember(
  db: Db,
  hosteller: { id: string },
  dayScholar: { id: string },
  counts: { requests: number; notifications: number },
) {
  const random = rng(7);
  const now = Date.now();
  const rows = Array.from({ length: counts.requests }, () => {
    const [itemName, description] = ITEMS[Math.floor(random() * ITEMS.length)]!;
    const roll = random();
    const status: RequestStatus =
      roll < 0.2 ? 'pending' : roll < 0.3 ? 'accepted' : roll < 0.9 ? 'completed' : 'cancelled';
    const createdAt = new Date(now - Math.floor(random() * 60 * 86_400_000));
    const delivered = status === 'accepted' || status === 'completed';
    return {
      requesterId: hosteller.id,
      delivererId: delivered ? dayScholar.id : null,
      itemName,
      description,
      quantity: 1,
      expectedPrice: (10 + Math.floor(random() * 490)) * 100,
      deadline: new Date(now + (1 + Math.floor(random() * 72)) * 3600_000),
      deliveryLocation: LOCATIONS[Math.floor(random() * LOCATIONS.length)]!,
      category: CATEGORIES[Math.floor(random() * CATEGORIES.length)]!,
      isUrgent: false,
      status,
      createdAt,
      acceptedAt: delivered ? createdAt : null,
      completedAt: status === 'completed' ? createdAt : null,
      deliveryTime: status === 'completed' ? createdAt : null,
      cancelledAt: status === 'cancelled' ? createdAt : null,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(requests).values(rows.slice(i, i + 1000));
  const notices = Array.from({ length: counts.notifications }, (_, i) => ({
    userId: hosteller.id,
    type: 'request_accepted' as const,
    message: `Your request was accepted (${i})`,
    data: {},
    isRead: i % 10 !== 0,
    createdAt: new Date(now - i * 17 * 60_000),
  }));
  for (let i = 0; i < notices.length; i += 1000)
    await db.insert(notifications).values(notices.slice(i, i + 1000));
  await db.execute(sql`analyze`);
}
