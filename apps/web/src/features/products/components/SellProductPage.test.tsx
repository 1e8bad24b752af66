import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { deferred, hostellerAsSeller, imageFile, makeProduct } from '@/test/products';
import type * as ResizePhoto from '@/lib/resize-photo';
import { renderApp } from '@/test/render';
import { toastTexts, toastsSettled } from '@/test/toasts';
import { api, meHandler, server } from '@/test/server';

// Lazy route chunks and toasts take a while on a busy machine.
configure({ asyncUtilTimeout: 4000 });
const FIRST_RENDER = { timeout: 10_000 };

/** Photos are made smaller on the device before they are sent; a test may hold that step. */
const resizing = vi.hoisted(() => ({ hold: Promise.resolve() }));
vi.mock('@/lib/resize-photo', async (original) => {
  const real = await original<typeof ResizePhoto>();
  return {
    ...real,
    resizePhotos: async (files: Parameters<typeof real.resizePhotos>[0]) => {
      await resizing.hold;
      return real.resizePhotos(files);
    },
  };
});

async function openSellPage() {
  server.use(
    meHandler(hosteller),
    http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
    // The product page the form goes to after listing.
    http.get(api('/products/:id'), ({ params }) =>
      HttpResponse.json({ product: { ...created(), id: String(params.id) } }),
    ),
  );
  const result = renderApp('/hosteller/sell-product', { user: hosteller });
  await screen.findByRole('heading', { level: 1, name: 'Sell Product' }, FIRST_RENDER);
  return result;
}

type Events = Awaited<ReturnType<typeof openSellPage>>['user'];

/** Clicks into a field and pastes the text (faster than typing it key by key). */
async function fill(user: Events, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillForm(user: Events, photo: File | null = imageFile()) {
  await fill(user, 'Product name', 'Casio calculator');
  await fill(user, 'Description', 'fx-991EX, with cover');
  await fill(user, 'Price (₹)', '450');
  await user.selectOptions(screen.getByLabelText('Category'), 'electronics');
  await user.selectOptions(screen.getByLabelText('Condition'), 'like-new');
  await user.clear(screen.getByLabelText('Quantity'));
  await user.type(screen.getByLabelText('Quantity'), '2');
  await user.click(screen.getByLabelText('Price is negotiable'));
  if (photo) await user.upload(addPhotos(), photo);
}

const UPLOAD_BAR = /Uploading photo|Processing photo/;
const addPhotos = () => screen.getByLabelText('Add photos');
const photoNames = () =>
  within(screen.getByRole('group', { name: /Photos/ }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

const submit = (user: Events) => user.click(screen.getByRole('button', { name: 'List Product' }));
const created = () =>
  makeProduct({ seller: hostellerAsSeller, sellerId: hosteller.id, name: 'Casio calculator' });

describe('sell product', { timeout: 20_000 }, () => {
  it('offers every campus category and the canonical conditions, good by default', async () => {
    await openSellPage();
    const categories = screen.getByLabelText<HTMLSelectElement>('Category');
    expect([...categories.options].map((o) => o.text)).toEqual([
      'Select a category',
      'Books',
      'Electronics',
      'Clothing',
      'Furniture',
      'Food',
      'Sports',
      'Musical',
      'Decor',
      'Cycles',
      'Stationery',
      'Room essentials',
      'Other',
    ]);
    const condition = screen.getByLabelText<HTMLSelectElement>('Condition');
    expect([...condition.options].map((o) => o.text)).toEqual(['New', 'Like New', 'Good', 'Fair', 'Poor']);
    expect(condition).toHaveValue('good');
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
  });

  it('shows the validation messages in the order the form checks them', async () => {
    const { user } = await openSellPage();
    await submit(user);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
        'Please upload an image of your product',
        'Product name is required',
        'Description is required',
        'Price is required',
        'Category is required',
      ]),
    );
    // The photos come first, and take the focus when they are missing.
    await waitFor(() => expect(addPhotos()).toHaveFocus());

    // Editing a field clears its error only.
    await user.type(screen.getByLabelText('Product name'), 'Lamp');
    expect(screen.queryByText('Product name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Price (₹)'), 'abc');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0');
    await submit(user);
    expect(await screen.findByText('Please enter a valid price')).toBeInTheDocument();
    expect(screen.getByText('Quantity must be at least 1')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Price (₹)'));
    await user.type(screen.getByLabelText('Price (₹)'), '0');
    await submit(user);
    expect(await screen.findByText('Please enter a valid price')).toBeInTheDocument();
  });

  it('starts with the photos, and names the formats the server takes in the hint and the picker', async () => {
    await openSellPage();
    const photos = screen.getByRole('group', { name: /Photos/ });
    expect(photos.compareDocumentPosition(screen.getByLabelText('Product name'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(photos).toHaveAccessibleDescription(
      'Up to 5 photos, less than 5MB each · PNG, JPG, GIF or WebP · The first photo is the cover.',
    );
    expect(addPhotos()).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
  });

  it('marks the photo that cannot be sent, beside its Cover label, and focuses the photos', async () => {
    // A browser that cannot make this photo smaller: it would go as it is, too big.
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('cannot decode')));
    try {
      const { user } = await openSellPage();
      await fillForm(user, null);
      await user.upload(addPhotos(), imageFile('camera.jpg', 6 * 1024 * 1024, 'image/jpeg'));
      await user.upload(addPhotos(), imageFile('small.png', 2048));
      await submit(user);
      expect(await screen.findByText('Image size should be less than 5MB')).toBeInTheDocument();
      const [first, second] = within(screen.getByRole('group', { name: /Photos/ })).getAllByRole('listitem');
      expect(within(first!).getByText('Cover')).toBeInTheDocument();
      expect(within(first!).getByText('Error')).toBeInTheDocument();
      expect(within(second!).queryByText('Error')).not.toBeInTheDocument();
      await waitFor(() => expect(addPhotos()).toHaveFocus());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses a photo of 5 MB or more', async () => {
    const { user } = await openSellPage();
    await user.upload(addPhotos(), imageFile('huge.jpg', 5 * 1024 * 1024 + 1, 'image/jpeg'));
    expect(await screen.findByText('Image size should be less than 5MB')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /huge\.jpg/ })).not.toBeInTheDocument();

    // Another photo is taken and the message goes.
    await user.upload(addPhotos(), imageFile('small.jpg', 300 * 1024, 'image/jpeg'));
    await waitFor(() =>
      expect(screen.queryByText('Image size should be less than 5MB')).not.toBeInTheDocument(),
    );
    expect(photoNames()).toEqual(['New photo: small.jpg']);
  });

  it('shows the progress bar from the press on, while the photo is still being made smaller', async () => {
    const resized = deferred();
    resizing.hold = resized.promise;
    let sent = false;
    server.use(
      http.post(api('/products'), () => {
        sent = true;
        return HttpResponse.json({ product: created() }, { status: 201 });
      }),
    );
    const { user } = await openSellPage();
    await fillForm(user);
    await submit(user);

    expect(await screen.findByRole('progressbar', { name: UPLOAD_BAR })).toBeInTheDocument();
    expect(sent).toBe(false);
    resized.resolve();
    resizing.hold = Promise.resolve();
    expect(await screen.findByText('Product listed successfully!')).toBeInTheDocument();
    expect(sent).toBe(true);
  });

  it('shows a progress bar while uploading, then the product page', async () => {
    const release = deferred();
    const product = created();
    let fields: Record<string, string> = {};
    let authorization: string | null = null;
    server.use(
      http.post(api('/products'), async ({ request }) => {
        authorization = request.headers.get('authorization');
        const form = await request.formData();
        fields = Object.fromEntries(
          [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : 'FILE']),
        );
        await release.promise;
        return HttpResponse.json({ product }, { status: 201 });
      }),
    );
    const { user, location } = await openSellPage();
    await fillForm(user);
    await submit(user);

    expect(await screen.findByRole('progressbar', { name: UPLOAD_BAR })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List Product' })).toBeDisabled();
    release.resolve();

    expect(await screen.findByText('Product listed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe(`/products/${product.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Casio calculator' })).toBeInTheDocument();
    expect(authorization).toBe('Bearer test-token');
    expect(fields).toEqual({
      name: 'Casio calculator',
      description: 'fx-991EX, with cover',
      price: '450',
      category: 'electronics',
      condition: 'like-new',
      quantity: '2',
      isNegotiable: 'true',
      images: 'FILE',
    });
  });

  it('lists up to five photos in the order chosen, with a bar for each while they upload', async () => {
    const release = deferred();
    let sent: string[] = [];
    server.use(
      http.post(api('/products'), async ({ request }) => {
        sent = (await request.formData()).getAll('images').map((f) => String((f as File).size));
        await release.promise;
        return HttpResponse.json({ product: created() }, { status: 201 });
      }),
    );
    const { user } = await openSellPage();
    await fillForm(user, null);
    // Sizes tell the files apart in the request.
    await user.upload(addPhotos(), [
      imageFile('a.png', 1001),
      imageFile('b.png', 1002),
      imageFile('c.png', 1003),
    ]);
    expect(photoNames()).toEqual(['New photo: a.png', 'New photo: b.png', 'New photo: c.png']);
    expect(screen.getByText('3 of 5')).toBeInTheDocument();

    // The last one becomes the cover, the second goes.
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(photoNames()).toEqual(['New photo: c.png', 'New photo: a.png', 'New photo: b.png']);
    expect(screen.queryByRole('button', { name: 'Move photo 1 earlier' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove new photo a.png' }));
    expect(photoNames()).toEqual(['New photo: c.png', 'New photo: b.png']);

    // Six in all is refused, and nothing of the pick is taken.
    await user.upload(
      addPhotos(),
      ['d', 'e', 'f', 'g'].map((n) => imageFile(`${n}.png`)),
    );
    expect(await screen.findByText('You can upload maximum 5 images')).toBeInTheDocument();
    expect(photoNames()).toHaveLength(2);

    await submit(user);
    expect(await screen.findByRole('progressbar', { name: 'Upload of photo 1' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload of photo 2' })).toBeInTheDocument();
    release.resolve();
    expect(await screen.findByText('Product listed successfully!')).toBeInTheDocument();
    expect(sent).toEqual(['1003', '1002']);
  });

  it('keeps everything, the photo included, when listing fails, and lists on the next try', async () => {
    let attempts = 0;
    let lastFile: FormDataEntryValue | null = null;
    const product = created();
    server.use(
      http.post(api('/products'), async ({ request }) => {
        attempts += 1;
        lastFile = (await request.formData()).get('images');
        if (attempts === 1) return HttpResponse.json({ message: '' }, { status: 500 });
        return HttpResponse.json({ product }, { status: 201 });
      }),
    );
    const { user, location } = await openSellPage();
    await fillForm(user, imageFile('desk-lamp.png', 1200 * 1024));
    await submit(user);

    expect(
      await screen.findAllByText('Failed to list product. Please try again. The server is busy.'),
    ).not.toHaveLength(0);
    expect(location().pathname).toBe('/hosteller/sell-product');
    expect(screen.queryByRole('progressbar', { name: UPLOAD_BAR })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveValue('Casio calculator');
    expect(screen.getByLabelText('Description')).toHaveValue('fx-991EX, with cover');
    expect(screen.getByLabelText('Price (₹)')).toHaveValue('450');
    expect(screen.getByLabelText('Category')).toHaveValue('electronics');
    expect(screen.getByLabelText('Condition')).toHaveValue('like-new');
    expect(screen.getByLabelText('Quantity')).toHaveValue(2);
    expect(screen.getByLabelText('Price is negotiable')).toBeChecked();
    expect(photoNames()).toEqual(['New photo: desk-lamp.png']);

    await submit(user);
    expect(await screen.findByText('Product listed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe(`/products/${product.id}`));
    expect(attempts).toBe(2);
    expect(lastFile).not.toBeNull();
  });

  it("shows a failed listing in the form's alert only, not again as a toast, however often it is pressed", async () => {
    let message = '';
    server.use(
      http.post(api('/products'), () => HttpResponse.json({ message }, { status: message ? 422 : 500 })),
    );
    const { user } = await openSellPage();
    await fillForm(user);
    const failed = 'Failed to list product. Please try again.';
    for (let i = 0; i < 3; i += 1) {
      await submit(user);
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(failed));
      await waitFor(() => expect(screen.getByRole('button', { name: 'List Product' })).toBeEnabled());
    }
    message = 'Storage is full, try again later';
    await submit(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    await toastsSettled();
    expect(toastTexts().filter((t) => t.includes(failed) || t.includes(message))).toEqual([]);
  });

  it("shows the server's field errors under the fields and a refused image under the photo", async () => {
    server.use(
      http.post(api('/products'), () =>
        HttpResponse.json(
          {
            message: 'Product name must be at most 120 characters',
            code: 'VALIDATION_FAILED',
            errors: [{ param: 'name', msg: 'Product name must be at most 120 characters' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openSellPage();
    await fillForm(user);
    await submit(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Product name')).toHaveAccessibleDescription(
        'Product name must be at most 120 characters',
      ),
    );

    server.use(
      http.post(api('/products'), () =>
        HttpResponse.json(
          {
            message: 'This image file is damaged or incomplete. Please upload a PNG, JPG, GIF or WebP image',
            code: 'UNSUPPORTED_MEDIA_TYPE',
          },
          { status: 415 },
        ),
      ),
    );
    await user.clear(screen.getByLabelText('Product name'));
    await user.type(screen.getByLabelText('Product name'), 'Lamp');
    await submit(user);
    await waitFor(() =>
      expect(addPhotos()).toHaveAccessibleDescription(/This image file is damaged or incomplete/),
    );
    expect(screen.getByLabelText('Product name')).toHaveValue('Lamp');
  });
});
