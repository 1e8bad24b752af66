import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ProductCategory, ProductCondition, ProductStatus } from '@campusrun/shared';
import type { Db } from '../../db/client';
import { productNamesOf } from './products.repo';
import type { ProductsService } from './products.service';

interface DemoProduct {
  name: string;
  description: string;
  /** Rupees. */
  price: number;
  category: ProductCategory;
  condition: ProductCondition;
  quantity?: number;
  isNegotiable?: boolean;
  status?: ProductStatus;
  colors: [string, string];
  shape: 'circle' | 'square' | 'triangle' | 'bars';
}

const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Engineering Mathematics (B.S. Grewal)',
    description: '44th edition, a few pencil notes in chapters 3–5. Perfect for first-year maths.',
    price: 450,
    category: 'books',
    condition: 'good',
    isNegotiable: true,
    colors: ['#4f46e5', '#06b6d4'],
    shape: 'square',
  },
  {
    name: 'Casio fx-991ES Plus calculator',
    description: 'Allowed in exams. Works perfectly, new battery last month.',
    price: 700,
    category: 'electronics',
    condition: 'like-new',
    colors: ['#0f172a', '#475569'],
    shape: 'bars',
  },
  {
    name: 'Study table with drawer',
    description: 'Solid wood, 90 × 45 cm. Pick up from Block A, ground floor.',
    price: 1800,
    category: 'furniture',
    condition: 'fair',
    isNegotiable: true,
    colors: ['#92400e', '#f59e0b'],
    shape: 'square',
  },
  {
    name: 'Hoodie (M, navy blue)',
    description: 'Worn a handful of times, washed and folded.',
    price: 550,
    category: 'clothing',
    condition: 'like-new',
    colors: ['#1e3a8a', '#3b82f6'],
    shape: 'triangle',
  },
  {
    name: 'Cricket bat (Kashmir willow)',
    description: 'Full size, knocked in, with a cover. Grip replaced recently.',
    price: 1200,
    category: 'sports',
    condition: 'good',
    colors: ['#065f46', '#10b981'],
    shape: 'bars',
  },
  {
    name: 'Acoustic guitar with bag',
    description: 'Beginner-friendly, new strings, capo included.',
    price: 3500,
    category: 'musical',
    condition: 'good',
    isNegotiable: true,
    status: 'reserved',
    colors: ['#7c2d12', '#fb923c'],
    shape: 'circle',
  },
  {
    name: 'Fairy lights (10 m, warm white)',
    description: 'USB powered, eight modes. Makes any room cosy.',
    price: 250,
    category: 'decor',
    condition: 'new',
    quantity: 3,
    colors: ['#581c87', '#f0abfc'],
    shape: 'circle',
  },
  {
    name: 'Electric kettle 1.5 L',
    description: 'Auto shut-off, steel body. Great for late-night Maggi.',
    price: 600,
    category: 'electronics',
    condition: 'good',
    status: 'sold',
    colors: ['#334155', '#94a3b8'],
    shape: 'circle',
  },
  {
    name: 'Homemade laddoos (box of 12)',
    description: 'Besan laddoos from home, made this week. Sealed box.',
    price: 180,
    category: 'food',
    condition: 'new',
    quantity: 4,
    colors: ['#b45309', '#fde047'],
    shape: 'circle',
  },
  {
    name: 'Data Structures in C (Tanenbaum)',
    description: 'Clean copy, no highlights. Second-year CSE syllabus.',
    price: 380,
    category: 'books',
    condition: 'like-new',
    colors: ['#be123c', '#fda4af'],
    shape: 'square',
  },
  {
    name: 'Badminton racquet pair + shuttles',
    description: 'Two Yonex racquets and a tube of six nylon shuttles.',
    price: 900,
    category: 'sports',
    condition: 'fair',
    isNegotiable: true,
    colors: ['#15803d', '#bef264'],
    shape: 'triangle',
  },
  {
    name: 'Mattress topper (single)',
    description: 'Memory foam, 2 inch, fits hostel beds. Cover washed.',
    price: 1100,
    category: 'other',
    condition: 'good',
    colors: ['#0e7490', '#a5f3fc'],
    shape: 'bars',
  },
];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

function shapeSvg(shape: DemoProduct['shape']) {
  const fill = 'rgba(255,255,255,0.28)';
  switch (shape) {
    case 'circle':
      return `<circle cx="600" cy="360" r="210" fill="${fill}"/>`;
    case 'square':
      return `<rect x="400" y="160" width="400" height="400" rx="36" fill="${fill}"/>`;
    case 'triangle':
      return `<polygon points="600,140 830,560 370,560" fill="${fill}"/>`;
    case 'bars':
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${390 + i * 110}" y="${520 - i * 90}" width="80" height="${80 + i * 90}" rx="10" fill="${fill}"/>`,
        )
        .join('');
  }
}

/** A 1200 × 900 JPEG "photo" of a demo product: gradient, a shape and the product's name. */
function demoProductPhoto(p: Pick<DemoProduct, 'name' | 'colors' | 'shape'>): Promise<Buffer> {
  const title = p.name.length > 26 ? `${p.name.slice(0, 25)}…` : p.name;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${p.colors[0]}"/><stop offset="1" stop-color="${p.colors[1]}"/>
  </linearGradient></defs>
  <rect width="1200" height="900" fill="url(#g)"/>
  ${shapeSvg(p.shape)}
  <text x="600" y="760" font-family="DejaVu Sans, sans-serif" font-size="72" font-weight="700"
    text-anchor="middle" fill="#ffffff">${escapeXml(title)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/**
 * Demo marketplace: 12 products with generated photos, shared round-robin among the given hostellers,
 * through the real image pipeline and storage (so files land in DATA_DIR/uploads). One is reserved and
 * one sold. Safe to run again: a seller's product with the same name is skipped.
 * Answers how many products it created.
 */
export async function seedDemoProducts(opts: {
  db: Db;
  /** The app's products service (services.ts). */
  service: ProductsService;
  /** Hostellers with a complete profile. */
  sellers: Array<{ id: string; name: string }>;
}): Promise<number> {
  if (opts.sellers.length === 0) return 0;
  const { service } = opts;
  const existing = new Set(
    await productNamesOf(
      opts.db,
      opts.sellers.map((s) => s.id),
    ),
  );
  let created = 0;
  // Each photo goes through a file, as an upload does.
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'campusrun-seed-'));
  try {
    for (const [i, demo] of DEMO_PRODUCTS.entries()) {
      const seller = opts.sellers[i % opts.sellers.length]!;
      if (existing.has(`${seller.id}:${demo.name}`)) continue;
      const actor = { id: seller.id, name: seller.name, role: 'hosteller' as const, isProfileComplete: true };
      const photo = path.join(tmp, `${i}.jpg`);
      const bytes = await demoProductPhoto(demo);
      await writeFile(photo, bytes);
      const { product } = await service.create(actor, {
        fields: {
          name: demo.name,
          description: demo.description,
          price: demo.price,
          category: demo.category,
          condition: demo.condition,
          quantity: demo.quantity ?? 1,
          isNegotiable: demo.isNegotiable ?? false,
        },
        files: [
          {
            fieldname: 'images',
            filename: 'photo.jpg',
            mimetype: 'image/jpeg',
            path: photo,
            size: bytes.length,
          },
        ],
      });
      if (demo.status && demo.status !== 'available') await service.setStatus(actor, product.id, demo.status);
      created++;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return created;
}
