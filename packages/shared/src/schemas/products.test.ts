import { describe, expect, it } from 'vitest';
import {
  createProductFormSchema,
  productListQuerySchema,
  updateProductFormSchema,
  updateProductSchema,
} from './products';
import { normalizeProductCondition } from '../messages/products';

const file = (size = 1000, type = 'image/png') => ({ name: 'a.png', size, type });
const messages = (r: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('product schemas', () => {
  it('maps both condition vocabularies to the canonical one', () => {
    expect(normalizeProductCondition('used')).toBe('good');
    expect(normalizeProductCondition('Like New')).toBe('like-new');
    expect(normalizeProductCondition('like-new')).toBe('like-new');
    expect(normalizeProductCondition('fair')).toBe('fair');
  });

  it('checks the sell form: its messages, 1 to 5 images under 5 MB of an accepted type', () => {
    expect(messages(createProductFormSchema.safeParse({ name: '', description: '', price: '' }))).toEqual([
      ['name', 'Product name is required'],
      ['description', 'Description is required'],
      ['price', 'Price is required'],
      ['category', 'Category is required'],
      ['images', 'Please upload an image of your product'],
    ]);
    const base = { name: 'Lamp', description: 'Works', price: 250, category: 'other' };
    expect(messages(createProductFormSchema.safeParse({ ...base, images: [] }))).toEqual([
      ['images', 'Please upload an image of your product'],
    ]);
    expect(
      messages(createProductFormSchema.safeParse({ ...base, images: [file(), file(6 * 1024 * 1024)] })),
    ).toEqual([['images.1', 'Image size should be less than 5MB']]);
    expect(
      messages(createProductFormSchema.safeParse({ ...base, images: [file(10, 'application/pdf')] })),
    ).toEqual([['images.0', 'Please upload a PNG, JPG, GIF or WebP image']]);
    expect(
      messages(
        createProductFormSchema.safeParse({ ...base, images: Array.from({ length: 6 }, () => file()) }),
      ),
    ).toEqual([['images', 'You can upload maximum 5 images']]);
    const ok = createProductFormSchema.parse({
      ...base,
      category: 'room-essentials',
      price: '250.5',
      condition: 'like new',
      images: [file(), file()],
    });
    expect(ok).toMatchObject({ price: 250.5, condition: 'like-new', quantity: 1, isNegotiable: false });
  });

  it('checks the edit form: required fields, > 0 rules and at most 5 images in total', () => {
    expect(
      messages(
        updateProductFormSchema.safeParse({
          name: ' ',
          description: 'x',
          price: 0,
          quantity: 0,
          existingImages: ['/a', '/b', '/c'],
          newImages: [file(), file(), file()],
        }),
      ),
    ).toEqual([
      ['name', 'Please fill in all required fields'],
      ['price', 'Price must be greater than 0'],
      ['quantity', 'Quantity must be greater than 0'],
      ['images', 'You can upload maximum 5 images'],
    ]);
    expect(
      messages(
        updateProductFormSchema.safeParse({
          name: 'a',
          description: 'b',
          price: 1,
          existingImages: [],
          newImages: [file(11 * 1024 * 1024)],
        }),
      ),
    ).toEqual([['newImages.0', 'Each image should be less than 10MB']]);
  });

  it('reads kept images from repeated fields or a JSON array', () => {
    const base = { name: 'a', description: 'b', price: '1' };
    expect(
      updateProductSchema.parse({ ...base, existingImages: ['/u/1.webp', '/u/2.webp'] }).existingImages,
    ).toEqual(['/u/1.webp', '/u/2.webp']);
    expect(updateProductSchema.parse({ ...base, existingImages: '["/u/1.webp"]' }).existingImages).toEqual([
      '/u/1.webp',
    ]);
    expect(updateProductSchema.parse({ ...base, existingImages: '[]' }).existingImages).toEqual([]);
    expect(updateProductSchema.parse(base).existingImages).toBeUndefined();
  });

  it('parses list queries with defaults', () => {
    expect(productListQuerySchema.parse({})).toMatchObject({ limit: 50, sort: 'recent', includeSold: false });
    expect(
      productListQuerySchema.parse({ category: 'all', condition: 'used', includeSold: 'true' }),
    ).toMatchObject({
      category: undefined,
      condition: 'good',
      includeSold: true,
    });
  });
});
