/**
 * The demo marketplace's life (run by `npm run seed` after the demo products): avatars for the demo
 * accounts, a buyer–seller conversation about a product with an offer the seller accepted, saved
 * items, and a product sold to a named buyer with both reviews. Through the real services, so the
 * notifications are the ones users would get. Skipped when the demo buyer already made an offer.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Actor } from '../lib/auth';
import type { Storage } from '../lib/storage';
import type { Services } from '../services';
import type { Db } from '../db/client';
import { offers, products, users } from '../db/schema';

const AVATAR_COLOURS = ['#4f46e5', '#0f766e', '#b45309', '#be123c', '#1d4ed8', '#6d28d9'];

/** A 256 px square WebP with the user's initials, as an uploaded avatar is stored. */
function initialsAvatar(name: string, colour: string) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="${colour}"/>
  <text x="128" y="160" font-family="DejaVu Sans, sans-serif" font-size="104" font-weight="700"
    text-anchor="middle" fill="#ffffff">${initials}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

type DemoUser = { id: string; name: string; email: string; avatar: string | null };
type MarketServices = Pick<Services, 'chat' | 'offers' | 'products' | 'ratings' | 'settlements'>;

/** What each story of the demo market is told with. */
interface Market {
  services: MarketServices;
  /** The demo user's product of that name (the first, if several list one). */
  productNamed(name: string): Promise<{ id: string; status: string; sellerId: string } | undefined>;
  demo: DemoUser[];
}

const actor = (u: { id: string; name: string }): Actor => ({
  id: u.id,
  name: u.name,
  role: 'hosteller',
  isProfileComplete: true,
});

export async function seedDemoMarket(opts: {
  db: Db;
  storage: Storage;
  emails: string[];
  /** The app's services (services.ts); their events reach the notifications writer. */
  services: MarketServices;
}) {
  const { db } = opts;
  const demo = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, avatar: users.avatar })
    .from(users)
    .where(inArray(users.email, opts.emails));
  const byEmail = (prefix: string) => demo.find((u) => u.email.startsWith(prefix));
  const asha = byEmail('hosteller1@');
  const meera = byEmail('hosteller2@');
  const kabir = byEmail('hosteller3@');
  if (!asha || !meera || !kabir) return false;
  const [done] = await db.select({ id: offers.id }).from(offers).where(eq(offers.buyerId, meera.id)).limit(1);
  if (done) return false;

  await addAvatars(db, opts.storage, demo);
  const sellerIds = demo.map((u) => u.id);
  const market: Market = {
    services: opts.services,
    demo,
    productNamed: async (name) =>
      (
        await db
          .select({ id: products.id, status: products.status, sellerId: products.sellerId })
          .from(products)
          .where(and(inArray(products.sellerId, sellerIds), eq(products.name, name)))
          .limit(1)
      )[0],
  };
  await bookOffer(market, meera, asha);
  await savedItems(market, kabir);
  await hoodieSale(market, kabir);
  return true;
}

/** An initials avatar for each demo user who has none. */
async function addAvatars(db: Db, storage: Storage, demo: DemoUser[]) {
  for (const [i, u] of demo.entries()) {
    if (u.avatar) continue;
    const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
    await storage.put(
      key,
      await initialsAvatar(u.name, AVATAR_COLOURS[i % AVATAR_COLOURS.length]!),
      'image/webp',
    );
    await db
      .update(users)
      .set({ avatar: storage.url(key) })
      .where(eq(users.id, u.id));
  }
}

/** Meera asks Asha about her maths book, offers less, and Asha accepts (the book is reserved). */
async function bookOffer({ services, productNamed }: Market, meera: DemoUser, asha: DemoUser) {
  const { chat, offers: offersService } = services;
  const book = await productNamed('Engineering Mathematics (B.S. Grewal)');
  if (book?.status !== 'available' || book.sellerId !== asha.id) return;
  await chat.send(actor(meera), {
    receiverId: asha.id,
    content: 'Hi! Is the Grewal still available? Any highlighting inside?',
    productId: book.id,
  });
  await chat.send(actor(asha), { receiverId: meera.id, content: 'Yes, and only a few pencil marks.' });
  const { offer } = await offersService.make(actor(meera), book.id, 300);
  await offersService.accept(actor(asha), offer.id);
  await chat.send(actor(meera), { receiverId: asha.id, content: 'Great, I can pick it up after 5 today.' });
}

/** Kabir watches two of Meera's things. */
async function savedItems({ services, productNamed }: Market, kabir: DemoUser) {
  for (const name of ['Casio fx-991ES Plus calculator', 'Badminton racquet pair + shuttles']) {
    const p = await productNamed(name);
    if (p && p.sellerId !== kabir.id) await services.products.save(actor(kabir), p.id);
  }
}

/** Kabir bought a hoodie: sold to him by its seller, confirmed by him, and they reviewed each other. */
async function hoodieSale({ services, productNamed, demo }: Market, kabir: DemoUser) {
  const { chat, products: productsService, ratings } = services;
  const hoodie = await productNamed('Hoodie (M, navy blue)');
  const seller = demo.find((u) => u.id === hoodie?.sellerId);
  if (!hoodie || !seller || seller.id === kabir.id || hoodie.status !== 'available') return;
  await chat.send(actor(kabir), {
    receiverId: seller.id,
    content: 'Does the hoodie run large?',
    productId: hoodie.id,
  });
  await chat.send(actor(seller), { receiverId: kabir.id, content: 'True to size. It is yours.' });
  await productsService.setStatus(actor(seller), hoodie.id, 'sold', kabir.id);
  // Its settlement is proposed (the app does it on the sale's event) and Kabir confirms it.
  await services.settlements.productSold(hoodie.id);
  const { settlement } = await services.settlements.lookup(actor(kabir), 'sale', hoodie.id);
  if (settlement?.can.confirm) await services.settlements.confirmSale(actor(kabir), settlement.id);
  await ratings.create(actor(kabir), {
    productId: hoodie.id,
    ratingType: 'buyer_to_seller',
    rating: 5,
    comment: 'Clean and exactly as in the photo.',
  });
  await ratings.create(actor(seller), {
    productId: hoodie.id,
    ratingType: 'seller_to_buyer',
    rating: 5,
    comment: 'Quick and friendly.',
  });
}
