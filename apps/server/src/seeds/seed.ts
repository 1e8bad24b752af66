/**
 * npm run seed: demo hostellers and day scholars (verified, password 'password123'), requests in every
 * status, a few ratings and the notifications those events left. Idempotent: does nothing when the
 * demo accounts exist. Refuses to run with NODE_ENV=production.
 */
import { inArray, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { hashPassword } from '../lib/passwords';
import type { FastifyBaseLogger } from 'fastify';
import { openContext } from '../context';
import { registerNotificationWriter } from '../modules/notifications/notifications.writer';
import { createServices, NOBODY_ONLINE } from '../services';
import { seedDemoProducts } from '../modules/products/products.seed';
import { EmbeddedPostgresError, openDatabase, type Db } from '../db/client';
import { seedDemoMarket } from './seed-market';
import { notifications, ratings, requests, users } from '../db/schema';

export const DEMO_PASSWORD = 'password123';

const HOSTELLERS = [
  { name: 'Asha Rao', hostelBlock: 'Block A', roomNumber: '101', phoneNumber: '9876500001' },
  { name: 'Meera Nair', hostelBlock: 'Block B', roomNumber: '214', phoneNumber: '9876500002' },
  { name: 'Kabir Singh', hostelBlock: 'Block C', roomNumber: '309', phoneNumber: '9876500003' },
];
const DAY_SCHOLARS = [
  { name: 'Ravi Kumar', phoneNumber: '9876500101' },
  { name: 'Priya Das', phoneNumber: '9876500102' },
  { name: 'Arjun Mehta', phoneNumber: '9876500103' },
];

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

async function seed(db: Db, domain: string) {
  const emails = [
    ...HOSTELLERS.map((_, i) => `hosteller${i + 1}@${domain}`),
    ...DAY_SCHOLARS.map((_, i) => `dayscholar${i + 1}@${domain}`),
  ];
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  if (existing.length > 0) return { created: false, emails };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const hs = await tx
      .insert(users)
      .values(
        HOSTELLERS.map((u, i) => ({
          ...u,
          email: emails[i]!,
          passwordHash,
          role: 'hosteller' as const,
          isVerified: true,
        })),
      )
      .returning();
    const ds = await tx
      .insert(users)
      .values(
        DAY_SCHOLARS.map((u, i) => ({
          ...u,
          email: emails[HOSTELLERS.length + i]!,
          passwordHash,
          role: 'dayscholar' as const,
          isVerified: true,
        })),
      )
      .returning();
    const [asha, meera, kabir] = hs as [(typeof hs)[0], (typeof hs)[0], (typeof hs)[0]];
    const [ravi, priya, arjun] = ds as [(typeof ds)[0], (typeof ds)[0], (typeof ds)[0]];

    const ago = (h: number) => hours(-h);
    const rows = await tx
      .insert(requests)
      .values([
        // Open for any day scholar.
        {
          requesterId: asha.id,
          itemName: 'Paracetamol 500 mg',
          description: 'One strip from the pharmacy near the main gate.',
          expectedPrice: 4000,
          deadline: hours(3),
          deliveryLocation: 'Block A reception',
          isUrgent: true,
          category: 'medicines' as const,
          createdAt: ago(1),
        },
        {
          requesterId: asha.id,
          itemName: 'Amul milk',
          description: 'Two packets of toned milk, 500 ml each.',
          quantity: 2,
          expectedPrice: 3000,
          deadline: hours(20),
          deliveryLocation: 'Block A, room 101',
          category: 'groceries' as const,
          createdAt: ago(2),
        },
        {
          requesterId: meera.id,
          itemName: 'A4 ruled notebooks',
          description: '200 pages, any brand.',
          quantity: 3,
          expectedPrice: 6000,
          deadline: hours(30),
          deliveryLocation: 'Block B lobby',
          category: 'stationery' as const,
          createdAt: ago(3),
        },
        {
          requesterId: kabir.id,
          itemName: 'Chicken biryani',
          description: 'From the restaurant opposite the library. Medium spicy.',
          expectedPrice: 15000,
          deadline: hours(5),
          deliveryLocation: 'Block C gate',
          isUrgent: true,
          category: 'food' as const,
          createdAt: ago(0.5),
        },
        {
          requesterId: meera.id,
          itemName: 'Phone charger (USB-C)',
          description: '20 W or more.',
          expectedPrice: 2500,
          deadline: hours(48),
          deliveryLocation: 'Block B, room 214',
          createdAt: ago(5),
        },
        // Accepted: the deliverer sees the requester's phone and room.
        {
          requesterId: asha.id,
          delivererId: ravi.id,
          itemName: 'Graph paper',
          description: '20 sheets for the engineering drawing class.',
          expectedPrice: 2000,
          deadline: hours(10),
          deliveryLocation: 'Block A reception',
          category: 'stationery' as const,
          status: 'accepted' as const,
          createdAt: ago(6),
          acceptedAt: ago(4),
        },
        {
          requesterId: kabir.id,
          delivererId: priya.id,
          itemName: 'Bananas',
          description: 'Half a dozen.',
          expectedPrice: 2500,
          deadline: hours(8),
          deliveryLocation: 'Block C gate',
          category: 'groceries' as const,
          status: 'accepted' as const,
          createdAt: ago(7),
          acceptedAt: ago(5),
        },
        // Completed.
        {
          requesterId: asha.id,
          delivererId: ravi.id,
          itemName: 'Cough syrup',
          description: 'Any brand, 100 ml.',
          expectedPrice: 5000,
          deadline: ago(20),
          deliveryLocation: 'Block A reception',
          category: 'medicines' as const,
          status: 'completed' as const,
          deliveryNotes: 'Handed over at the reception desk.',
          createdAt: ago(30),
          acceptedAt: ago(28),
          completedAt: ago(25),
          deliveryTime: ago(25),
        },
        {
          requesterId: meera.id,
          delivererId: ravi.id,
          itemName: 'Printouts',
          description: 'Lab record, 12 pages, black and white.',
          expectedPrice: 3500,
          deadline: ago(40),
          deliveryLocation: 'Block B lobby',
          category: 'stationery' as const,
          status: 'completed' as const,
          createdAt: ago(50),
          acceptedAt: ago(49),
          completedAt: ago(45),
          deliveryTime: ago(45),
        },
        {
          requesterId: kabir.id,
          delivererId: arjun.id,
          itemName: 'Cold coffee',
          description: 'Large, less sugar.',
          expectedPrice: 8000,
          deadline: ago(60),
          deliveryLocation: 'Block C gate',
          category: 'food' as const,
          status: 'completed' as const,
          deliveryNotes: 'Kept it in the cooler bag.',
          createdAt: ago(70),
          acceptedAt: ago(69),
          completedAt: ago(66),
          deliveryTime: ago(66),
        },
        // Cancelled: once while pending, once after a day scholar had accepted.
        {
          requesterId: meera.id,
          itemName: 'Shampoo',
          description: 'Small bottle.',
          expectedPrice: 2000,
          deadline: ago(10),
          deliveryLocation: 'Block B lobby',
          category: 'other' as const,
          status: 'cancelled' as const,
          createdAt: ago(30),
          cancelledAt: ago(29),
        },
        {
          requesterId: asha.id,
          delivererId: priya.id,
          itemName: 'Instant noodles',
          description: 'Pack of four.',
          expectedPrice: 2500,
          deadline: ago(5),
          deliveryLocation: 'Block A reception',
          category: 'food' as const,
          status: 'cancelled' as const,
          createdAt: ago(12),
          acceptedAt: ago(11),
          cancelledAt: ago(10),
        },
      ])
      .returning();
    const byName = (name: string) => rows.find((r) => r.itemName === name)!;

    const syrup = byName('Cough syrup');
    const printouts = byName('Printouts');
    const coffee = byName('Cold coffee');
    await tx.insert(ratings).values([
      {
        requestId: syrup.id,
        raterId: asha.id,
        userId: ravi.id,
        rating: 5,
        comment: 'Quick and careful, thank you!',
        ratingType: 'hosteller_to_dayscholar' as const,
      },
      {
        requestId: syrup.id,
        raterId: ravi.id,
        userId: asha.id,
        rating: 5,
        ratingType: 'dayscholar_to_hosteller' as const,
      },
      {
        requestId: printouts.id,
        raterId: meera.id,
        userId: ravi.id,
        rating: 4,
        comment: 'Good, a little late.',
        ratingType: 'hosteller_to_dayscholar' as const,
      },
      {
        requestId: coffee.id,
        raterId: arjun.id,
        userId: kabir.id,
        rating: 4,
        ratingType: 'dayscholar_to_hosteller' as const,
      },
    ]);

    const note = (
      userId: string,
      type: 'request_accepted' | 'request_completed' | 'request_cancelled',
      message: string,
      requestId: string,
      isRead = false,
    ) => ({
      userId,
      type,
      message,
      data: { requestId },
      isRead,
    });
    await tx
      .insert(notifications)
      .values([
        note(
          asha.id,
          'request_accepted',
          'Ravi Kumar accepted your request for Graph paper',
          byName('Graph paper').id,
        ),
        note(
          kabir.id,
          'request_accepted',
          'Priya Das accepted your request for Bananas',
          byName('Bananas').id,
        ),
        note(
          asha.id,
          'request_completed',
          'Ravi Kumar delivered your request for Cough syrup',
          syrup.id,
          true,
        ),
        note(
          meera.id,
          'request_completed',
          'Ravi Kumar delivered your request for Printouts',
          printouts.id,
          true,
        ),
        note(
          kabir.id,
          'request_completed',
          'Arjun Mehta delivered your request for Cold coffee',
          coffee.id,
          true,
        ),
        note(
          priya.id,
          'request_cancelled',
          'Asha Rao cancelled the request for Instant noodles',
          byName('Instant noodles').id,
        ),
      ]);
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
    const services = createServices(ctx, { presence: NOBODY_ONLINE });
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
