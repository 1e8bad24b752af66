import type { Product } from '@campusrun/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { SELLER_CAN, hostellerAsSeller, imageFile, makeProduct } from '@/test/products';
import { renderApp } from '@/test/render';
import { toastTexts, toastsSettled } from '@/test/toasts';
import { api, meHandler, server } from '@/test/server';

// Lazy route chunks and toasts take a while on a busy machine.
configure({ asyncUtilTimeout: 4000 });
const FIRST_RENDER = { timeout: 10_000 };

function ownProduct(overrides: Partial<Product> & { imageCount?: number } = {}) {
  return makeProduct({
    name: 'Study table',
    description: 'Solid wood',
    price: 1500,
    quantity: 1,
    category: 'furniture',
    condition: 'fair',
    isNegotiable: true,
    seller: hostellerAsSeller,
    sellerId: hosteller.id,
    can: SELLER_CAN,
    ...overrides,
  });
}

async function openEditPage(product: Product) {
  server.use(
    meHandler(hosteller),
    http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
    http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
  );
  const result = renderApp(`/hosteller/edit-product/${product.id}`, { user: hosteller });
  await screen.findByRole('heading', { level: 1, name: 'Edit Product' }, FIRST_RENDER);
  await screen.findByLabelText('Product name');
  return result;
}

const photos = () => within(screen.getByRole('group', { name: /Photos/ }));
const save = (user: Awaited<ReturnType<typeof openEditPage>>['user']) =>
  user.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('edit product', { timeout: 20_000 }, () => {
  it('is prefilled and offers every campus category', async () => {
    const product = ownProduct({ imageCount: 2 });
    await openEditPage(product);
    expect(screen.getByLabelText('Product name')).toHaveValue('Study table');
    expect(screen.getByLabelText('Description')).toHaveValue('Solid wood');
    expect(screen.getByLabelText('Price (₹)')).toHaveValue('1500');
    expect(screen.getByLabelText('Category')).toHaveValue('furniture');
    expect(screen.getByLabelText('Condition')).toHaveValue('fair');
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
    expect(screen.getByLabelText('Price is negotiable')).toBeChecked();
    const categories = screen.getByLabelText<HTMLSelectElement>('Category');
    expect([...categories.options].map((o) => o.value).filter(Boolean)).toEqual([
      'books',
      'electronics',
      'clothing',
      'furniture',
      'food',
      'sports',
      'musical',
      'decor',
      'cycles',
      'stationery',
      'room-essentials',
      'other',
    ]);
    expect(photos().getAllByRole('img')).toHaveLength(2);
    expect(photos().getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', product.thumbnails[0]);
    expect(screen.getByText('Up to 10MB each · PNG, JPG, GIF or WebP', { exact: false })).toBeInTheDocument();
    // The photos come first, before the name.
    expect(
      screen
        .getByRole('group', { name: /Photos/ })
        .compareDocumentPosition(screen.getByLabelText('Product name')),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('allows at most 5 photos in total', async () => {
    const { user } = await openEditPage(ownProduct({ imageCount: 3 }));
    const addPhotos = () => screen.getByLabelText('Add photos');

    await user.upload(addPhotos(), [imageFile('a.png'), imageFile('b.png'), imageFile('c.png')]);
    expect(await screen.findByText('You can upload maximum 5 images')).toBeInTheDocument();
    expect(photos().getAllByRole('img')).toHaveLength(3);
    expect(screen.getByText('3 of 5')).toBeInTheDocument();

    await user.upload(addPhotos(), [imageFile('a.png'), imageFile('b.png')]);
    expect(screen.queryByText('You can upload maximum 5 images')).not.toBeInTheDocument();
    expect(screen.getByText('5 of 5')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add photos')).not.toBeInTheDocument();

    // Removing one makes room again.
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getByText('4 of 5')).toBeInTheDocument();
    expect(addPhotos()).toBeInTheDocument();
  });

  it('refuses a new photo over 10 MB', async () => {
    const { user } = await openEditPage(ownProduct());
    await user.upload(screen.getByLabelText('Add photos'), imageFile('big.png', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('Each image should be less than 10MB')).toBeInTheDocument();
    expect(screen.getByText('1 of 5')).toBeInTheDocument();
  });

  it('asks for the required fields, a price and a quantity above 0, and at least one photo', async () => {
    const { user } = await openEditPage(ownProduct());
    await user.clear(screen.getByLabelText('Product name'));
    await user.clear(screen.getByLabelText('Description'));
    await user.clear(screen.getByLabelText('Price (₹)'));
    await save(user);
    await waitFor(() => expect(screen.getAllByText('Please fill in all required fields')).toHaveLength(3));

    await user.type(screen.getByLabelText('Product name'), 'Table');
    await user.type(screen.getByLabelText('Description'), 'Wood');
    await user.type(screen.getByLabelText('Price (₹)'), '0');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await save(user);
    expect(await screen.findByText('Price must be greater than 0')).toBeInTheDocument();
    expect(screen.getByText('Quantity must be greater than 0')).toBeInTheDocument();
    expect(screen.getByText('Please upload an image of your product')).toBeInTheDocument();
    expect(screen.queryByText('Please fill in all required fields')).not.toBeInTheDocument();
    // The photos come first in the form, and take the focus when they are what is wrong.
    await waitFor(() => expect(screen.getByLabelText('Add photos')).toHaveFocus());
  });

  it('saves the fields, the kept photos in order and the new ones', async () => {
    const product = ownProduct({ imageCount: 3 });
    let fields: [string, string][] = [];
    server.use(
      http.put(api(`/products/${product.id}`), async ({ request }) => {
        const form = await request.formData();
        fields = [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : 'FILE']);
        return HttpResponse.json({ product: { ...product, name: 'Study table (teak)' } });
      }),
    );
    const { user, location } = await openEditPage(product);
    await user.clear(screen.getByLabelText('Product name'));
    await user.type(screen.getByLabelText('Product name'), 'Study table (teak)');
    await user.selectOptions(screen.getByLabelText('Category'), 'decor');
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.upload(screen.getByLabelText('Add photos'), [imageFile('new-1.png'), imageFile('new-2.png')]);
    expect(screen.getByText('4 of 5')).toBeInTheDocument();
    await save(user);

    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe(`/products/${product.id}`));
    expect(fields).toEqual([
      ['name', 'Study table (teak)'],
      ['description', 'Solid wood'],
      ['price', '1500'],
      ['category', 'decor'],
      ['condition', 'fair'],
      ['quantity', '1'],
      ['isNegotiable', 'true'],
      ['existingImages', JSON.stringify([product.images[0], product.images[2]])],
      ['images', 'FILE'],
      ['images', 'FILE'],
    ]);
  });

  it('keeps the form and says the server is busy when saving fails', async () => {
    const product = ownProduct();
    server.use(http.put(api(`/products/${product.id}`), () => HttpResponse.json({}, { status: 500 })));
    const { user, location } = await openEditPage(product);
    await user.clear(screen.getByLabelText('Product name'));
    await user.type(screen.getByLabelText('Product name'), 'Desk');
    await save(user);
    expect(
      await screen.findAllByText('Failed to update product. The server is busy — try again in a moment.'),
    ).not.toHaveLength(0);
    expect(location().pathname).toBe(`/hosteller/edit-product/${product.id}`);
    expect(screen.getByLabelText('Product name')).toHaveValue('Desk');
  });

  it("shows a failed save in the form's alert only, not again as a toast, however often it is pressed", async () => {
    const product = ownProduct();
    let message = '';
    server.use(
      http.put(api(`/products/${product.id}`), () =>
        HttpResponse.json({ message }, { status: message ? 422 : 500 }),
      ),
    );
    const { user } = await openEditPage(product);
    for (let i = 0; i < 3; i += 1) {
      await save(user);
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update product'));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled());
    }
    message = 'Storage is full, try again later';
    await save(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    await toastsSettled();
    expect(toastTexts().filter((t) => t.includes('Failed to update product') || t.includes(message))).toEqual(
      [],
    );
  });

  it('sends someone who is not the seller to the product page', async () => {
    const product = makeProduct({ name: 'Not mine' });
    server.use(
      meHandler(hosteller),
      http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 4, count: 2 } })),
    );
    const { location } = renderApp(`/hosteller/edit-product/${product.id}`, { user: hosteller });
    expect(
      await screen.findByText('You are not authorized to edit this product', undefined, FIRST_RENDER),
    ).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe(`/products/${product.id}`));
    expect(screen.queryByLabelText('Product name')).not.toBeInTheDocument();
  });

  it("shows 'Product not found' for an unknown product", async () => {
    server.use(
      meHandler(hosteller),
      http.get(api('/products/:id'), () =>
        HttpResponse.json({ message: 'Product not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderApp('/hosteller/edit-product/0a1b2c3d-4e5f-4a6b-8c7d-999999999999', { user: hosteller });
    expect(await screen.findByText('Product not found', undefined, FIRST_RENDER)).toBeInTheDocument();
  });
});
