import type { Product, ProductCan } from '@campusrun/shared';
import { hosteller } from './fixtures';

/** Another hosteller, the seller of most test products. */
export const seller = {
  id: '5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e04',
  name: 'Kiran Seller',
  avatar: null,
  createdAt: '2026-08-15T10:00:00.000Z',
  hostelBlock: 'Block B',
};

/** What the server allows a buyer (anyone but the seller). */
export const BUYER_CAN: ProductCan = {
  edit: false,
  contact: true,
  markSold: false,
  delete: false,
  report: true,
  offer: true,
  save: true,
};
/** What the server allows the seller of an unsold product. */
export const SELLER_CAN: ProductCan = {
  edit: true,
  contact: false,
  markSold: true,
  delete: true,
  report: false,
  offer: false,
  save: false,
};

let counter = 0;

/** A product as the API returns it to a buyer (pass `can` for the seller's view); images match thumbnails. */
export function makeProduct(overrides: Partial<Product> & { imageCount?: number } = {}): Product {
  const { imageCount = 1, ...rest } = overrides;
  counter += 1;
  const n = String(counter).padStart(12, '0');
  const id = rest.id ?? `0a1b2c3d-4e5f-4a6b-8c7d-${n}`;
  const keys = Array.from({ length: imageCount }, (_, i) => `/uploads/products/${counter}-${i}`);
  const sellerCard = rest.seller ?? seller;
  return {
    id,
    name: `Product ${counter}`,
    description: 'Barely used, works fine.',
    price: 500,
    quantity: 1,
    category: 'electronics',
    condition: 'good',
    isNegotiable: false,
    status: 'available',
    images: keys.map((k) => `${k}.webp`),
    thumbnails: keys.map((k) => `${k}_thumb.webp`),
    sellerId: sellerCard.id,
    seller: sellerCard,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    bumpedAt: null,
    expiresAt: '2099-01-01T00:00:00.000Z',
    expired: false,
    can: BUYER_CAN,
    isSaved: false,
    ...rest,
  };
}

/** The signed-in hosteller of the tests as a product's seller card. */
export const hostellerAsSeller = {
  id: hosteller.id,
  name: hosteller.name,
  avatar: hosteller.avatar,
  createdAt: hosteller.createdAt,
  hostelBlock: hosteller.hostelBlock,
};

/** A picked image of `size` bytes (the content is not a real image; the server is mocked). */
export function imageFile(name = 'photo.png', size = 2048, type = 'image/png'): File {
  const file = new File([new Uint8Array(Math.min(size, 4096))], name, { type });
  if (size > 4096) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A promise with its resolve handle, to hold a mocked response open. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
