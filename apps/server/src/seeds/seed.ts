/**
 * npm run seed: demo hostellers and day scholars (verified, password 'password123'), requests in every
 * status, a few ratings and the notifications those events left. Idempotent: does nothing when the
 * demo accounts exist. Refuses to run with NODE_ENV=production.
 */
import { inArray, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { createMetrics } from '../lib/metrics';
import { hashPassword } from '../lib/passwords';
import type { FastifyBaseLogger } from 'fastify';
import { openContext } from '../context';
import { registerNotificationWriter } from '../modules/notifications/notifications.writer';
import { createServices, NOBODY_ONLINE } from '../services';
import { seedDemoProducts } from '../modules/products/products.seed';
import { EmbeddedPostgresError, openDatabase, type Db, type Tx } from '../db/client';
import { seedDemoMarket } from './seed-market';
import { notifications, ratings, requests, users } from '../db/schema';

export const DEMO_PASSWORD = 'password123';

const HOSTELLERS = [
  { name: 'Asha Rao', hostelBlock: 'Block A', roomNumber: '101', phoneNumber: '9876500001' },
  { name: 'Meera Nair', hostelBlock: 'Block B', roomNumber: '214', phoneNumber: '9876500002' },
  { name: 'Kabir Singh', hostelBlock: 'Block C', roomNumber: '309', phoneNumber: '9876500003' },
] as const;
const DAY_SCHOLARS = [
  { name: 'Ravi Kumar', phoneNumber: '9876500101' },
  { name: 'Priya Das', phoneNumber: '9876500102' },
  { name: 'Arjun Mehta', phoneNumber: '9876500103' },
] as const;

/** The seed's log: errors and warnings on the console, nothing else. */
const write = (obj: unknown, msg?: string) => console.error(msg ?? '', obj);
const quiet = () => undefined;
const consoleLog = {
  level: 'warn',
  fatal: write,
  error: write,
  warn: write,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => consoleLog,
} as unknown as FastifyBaseLogger;

const hours = (h: number) => new Date(Date.now() + h * 3600_000);

type Person = (typeof HOSTELLERS)[number]['name'] | (typeof DAY_SCHOLARS)[number]['name'];
type RequestRow = typeof requests.$inferInsert;
type Times =
  'deadline' | 'createdAt' | 'acceptedAt' | 'pickedUpAt' | 'completedAt' | 'cancelledAt' | 'deliveryTime';

/** A demo request: people by name, times in hours from now (negative: ago). */
type DemoRequest = Omit<RequestRow, 'requesterId' | 'delivererId' | Times> & {
  requester: Person;
  deliverer?: Person;
  deadline: number;
  createdAt: number;
  acceptedAt?: number;
  /** Also the delivery time. */
  completedAt?: number;
  cancelledAt?: number;
};

const REQUESTS: DemoRequest[] = [
  // Open for any day scholar.
  {
    requester: 'Asha Rao',
    itemName: 'Paracetamol 500 mg',
    description: 'One strip from the pharmacy near the main gate.',
    expectedPrice: 4000,
    itemCost: 3500,
    pickupFrom: 'Apollo Pharmacy, main gate',
    deadline: 3,
    deliveryLocation: 'Block A reception',
    isUrgent: true,
    category: 'medicines',
    createdAt: -1,
  },
  {
    requester: 'Asha Rao',
    itemName: 'Amul milk',
    description: 'Two packets of toned milk, 500 ml each.',
    quantity: 2,
    expectedPrice: 3000,
    itemCost: 5400,
    pickupFrom: 'Katpadi market',
    deadline: 20,
    deliveryLocation: 'Block A, room 101',
    category: 'groceries',
    createdAt: -2,
  },
  {
    requester: 'Meera Nair',
    itemName: 'A4 ruled notebooks',
    description: '200 pages, any brand.',
    quantity: 3,
    expectedPrice: 6000,
    itemCost: 25000,
    pickupFrom: 'Campus stationery',
    deadline: 30,
    deliveryLocation: 'Block B lobby',
    category: 'stationery',
    createdAt: -3,
  },
  {
    requester: 'Kabir Singh',
    itemName: 'Chicken biryani',
    description: 'From the restaurant opposite the library. Medium spicy.',
    expectedPrice: 15000,
    deadline: 5,
    deliveryLocation: 'Block C gate',
    isUrgent: true,
    category: 'food',
    createdAt: -0.5,
  },
  {
    requester: 'Meera Nair',
    itemName: 'Phone charger (USB-C)',
    description: '20 W or more.',
    expectedPrice: 2500,
    deadline: 48,
    deliveryLocation: 'Block B, room 214',
    createdAt: -5,
  },
  // Accepted: the deliverer sees the requester's phone and room.
  {
    requester: 'Asha Rao',
    deliverer: 'Ravi Kumar',
    itemName: 'Graph paper',
    description: '20 sheets for the engineering drawing class.',
    expectedPrice: 2000,
    deadline: 10,
    deliveryLocation: 'Block A reception',
    category: 'stationery',
    status: 'accepted',
    createdAt: -6,
    acceptedAt: -4,
  },
  {
    requester: 'Kabir Singh',
    deliverer: 'Priya Das',
    itemName: 'Bananas',
    description: 'Half a dozen.',
    expectedPrice: 2500,
    itemCost: 3000,
    pickupFrom: 'Katpadi market',
    deadline: 8,
    deliveryLocation: 'Block C gate',
    category: 'groceries',
    status: 'accepted',
    createdAt: -7,
    acceptedAt: -5,
  },
  // Completed.
  {
    requester: 'Asha Rao',
    deliverer: 'Ravi Kumar',
    itemName: 'Cough syrup',
    description: 'Any brand, 100 ml.',
    expectedPrice: 5000,
    itemCost: 12000,
    actualItemCost: 11800,
    pickupFrom: 'Apollo Pharmacy, main gate',
    deadline: -20,
    deliveryLocation: 'Block A reception',
    category: 'medicines',
    status: 'completed',
    deliveryNotes: 'Handed over at the reception desk.',
    createdAt: -30,
    acceptedAt: -28,
    completedAt: -25,
  },
  {
    requester: 'Meera Nair',
    deliverer: 'Ravi Kumar',
    itemName: 'Printouts',
    description: 'Lab record, 12 pages, black and white.',
    expectedPrice: 3500,
    deadline: -40,
    deliveryLocation: 'Block B lobby',
    category: 'stationery',
    status: 'completed',
    createdAt: -50,
    acceptedAt: -49,
    completedAt: -45,
  },
  {
    requester: 'Kabir Singh',
    deliverer: 'Arjun Mehta',
    itemName: 'Cold coffee',
    description: 'Large, less sugar.',
    expectedPrice: 8000,
    deadline: -60,
    deliveryLocation: 'Block C gate',
    category: 'food',
    status: 'completed',
    deliveryNotes: 'Kept it in the cooler bag.',
    createdAt: -70,
    acceptedAt: -69,
    completedAt: -66,
  },
  // Cancelled: once while pending, once after a day scholar had accepted.
  {
    requester: 'Meera Nair',
    itemName: 'Shampoo',
    description: 'Small bottle.',
    expectedPrice: 2000,
    deadline: -10,
    deliveryLocation: 'Block B lobby',
    category: 'other',
    status: 'cancelled',
    createdAt: -30,
    cancelledAt: -29,
  },
  {
    requester: 'Asha Rao',
    deliverer: 'Priya Das',
    itemName: 'Instant noodles',
    description: 'Pack of four.',
    expectedPrice: 2500,
    deadline: -5,
    deliveryLocation: 'Block A reception',
    category: 'food',
    status: 'cancelled',
    createdAt: -12,
    acceptedAt: -11,
    cancelledAt: -10,
  },
];

/** Ratings of completed requests (by item name), from one party to the other. */
const RATINGS: Array<{
  request: string;
  rater: Person;
  user: Person;
  rating: number;
  comment?: string;
  ratingType: 'hosteller_to_dayscholar' | 'dayscholar_to_hosteller';
}> = [
  {
    request: 'Cough syrup',
    rater: 'Asha Rao',
    user: 'Ravi Kumar',
    rating: 5,
    comment: 'Quick and careful, thank you!',
    ratingType: 'hosteller_to_dayscholar',
  },
  {
    request: 'Cough syrup',
    rater: 'Ravi Kumar',
    user: 'Asha Rao',
    rating: 5,
    ratingType: 'dayscholar_to_hosteller',
  },
  {
    request: 'Printouts',
    rater: 'Meera Nair',
    user: 'Ravi Kumar',
    rating: 4,
    comment: 'Good, a little late.',
    ratingType: 'hosteller_to_dayscholar',
  },
  {
    request: 'Cold coffee',
    rater: 'Arjun Mehta',
    user: 'Kabir Singh',
    rating: 4,
    ratingType: 'dayscholar_to_hosteller',
  },
];

/** The notifications those requests left: to whom, of what, about which request (by item name). */
const NOTIFICATIONS: Array<{
  to: Person;
  type: 'request_accepted' | 'request_completed' | 'request_cancelled';
  message: string;
  request: string;
  isRead?: boolean;
}> = [
  {
    to: 'Asha Rao',
    type: 'request_accepted',
    message: 'Ravi Kumar accepted your request for Graph paper',
    request: 'Graph paper',
  },
  {
    to: 'Kabir Singh',
    type: 'request_accepted',
    message: 'Priya Das accepted your request for Bananas',
    request: 'Bananas',
  },
  {
    to: 'Asha Rao',
    type: 'request_completed',
    message: 'Ravi Kumar delivered your request for Cough syrup',
    request: 'Cough syrup',
    isRead: true,
  },
  {
    to: 'Meera Nair',
    type: 'request_completed',
    message: 'Ravi Kumar delivered your request for Printouts',
    request: 'Printouts',
    isRead: true,
  },
  {
    to: 'Kabir Singh',
    type: 'request_completed',
    message: 'Arjun Mehta delivered your request for Cold coffee',
    request: 'Cold coffee',
    isRead: true,
  },
  {
    to: 'Priya Das',
    type: 'request_cancelled',
    message: 'Asha Rao cancelled the request for Instant noodles',
    request: 'Instant noodles',
  },
];

const at = (h: number | undefined) => (h === undefined ? undefined : hours(h));

function requestRow({ requester, deliverer, ...r }: DemoRequest, idOf: (p: Person) => string): RequestRow {
  return {
    ...r,
    requesterId: idOf(requester),
    delivererId: deliverer && idOf(deliverer),
    deadline: hours(r.deadline),
    createdAt: hours(r.createdAt),
    acceptedAt: at(r.acceptedAt),
    completedAt: at(r.completedAt),
    // A completed delivery was acted on by its deliverer.
    pickedUpAt: at(r.completedAt),
    deliveryTime: at(r.completedAt),
    cancelledAt: at(r.cancelledAt),
  };
}


/** The demo accounts, verified; the id of each by name. */
async function insertPeople(tx: Tx, emails: string[], passwordHash: string) {
  const people = await tx
    .insert(users)
    .values(
      [
        ...HOSTELLERS.map((u, i) => ({ ...u, email: emails[i]!, role: 'hosteller' as const })),
        ...DAY_SCHOLARS.map((u, i) => ({
          ...u,
          email: emails[HOSTELLERS.length + i]!,
          role: 'dayscholar' as const,
        })),
      ].map((u) => ({ ...u, passwordHash, isVerified: true })),
    )
    .returning({ id: users.id, name: users.name });
  return (name: Person) => people.find((p) => p.name === name)!.id;
}

async function seed(db: Db, domain: string) {
  const emails = [
    ...HOSTELLERS.map((_, i) => `hosteller${i + 1}@${domain}`),
    ...DAY_SCHOLARS.map((_, i) => `dayscholar${i + 1}@${domain}`),
  ];
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  if (existing.length > 0) return { created: false, emails };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const idOf = await insertPeople(tx, emails, passwordHash);
    const rows = await tx
      .insert(requests)
      .values(REQUESTS.map((r) => requestRow(r, idOf)))
      .returning({ id: requests.id, itemName: requests.itemName });
    const requestId = (itemName: string) => rows.find((r) => r.itemName === itemName)!.id;
    await tx.insert(ratings).values(
      RATINGS.map(({ request, rater, user, ...r }) => ({
        ...r,
        requestId: requestId(request),
        raterId: idOf(rater),
        userId: idOf(user),
      })),
    );
    await tx.insert(notifications).values(
      NOTIFICATIONS.map(({ to, request, isRead = false, ...n }) => ({
        ...n,
        userId: idOf(to),
        data: { requestId: requestId(request) },
        isRead,
      })),
    );
    await tx.execute(sql`analyze requests`);
    return { created: true, emails };
  });
}

async function main() {
  const config = loadConfig();
  if (config.env === 'production') {
    console.error('Refusing to seed demo data with NODE_ENV=production.');
    process.exit(1);
  }
  const database = await openDatabase(config, { log: (message) => console.log(message) });
  const { ctx, close } = await openContext(config, database, { log: consoleLog });
  // The demo's events leave the notifications users would have been sent.
  registerNotificationWriter(ctx);
  try {
    const { created, emails } = await seed(database.db, config.emailDomain);
    console.log(created ? 'Demo data created.' : 'Demo accounts already exist; nothing changed.');
    const sellers = await database.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        inArray(
          users.email,
          emails.filter((e) => e.startsWith('hosteller')),
        ),
      );
    const services = createServices(ctx, { presence: NOBODY_ONLINE, metrics: createMetrics() });
    const products = await seedDemoProducts({ db: database.db, service: services.products, sellers });
    if (products) console.log(`Listed ${products} demo products with photos.`);
    if (await seedDemoMarket({ db: database.db, storage: ctx.storage, emails, services }))
      console.log('Added avatars, a conversation with an accepted offer, saved items and a reviewed sale.');
    console.log(`\nDemo logins (password: ${DEMO_PASSWORD})`);
    for (const email of emails) {
      console.log(`  ${email.startsWith('hosteller') ? 'hosteller ' : 'dayscholar'}  ${email}`);
    }
  } finally {
    await close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedPostgresError) console.error(err.message);
  else console.error('Seeding failed:', err);
  process.exit(1);
});
