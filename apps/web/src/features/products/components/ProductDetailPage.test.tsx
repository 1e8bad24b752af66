import type { Product } from '@campusrun/shared';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRupees } from '@/lib/format';
import { dayscholar, hosteller } from '@/test/fixtures';
import { BUYER_CAN, SELLER_CAN, hostellerAsSeller, makeProduct, seller } from '@/test/products';
import { currentSocket } from '@/test/socket';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

// Lazy route chunks and toasts take a while on a busy machine.
configure({ asyncUtilTimeout: 4000 });
const FIRST_RENDER = { timeout: 10_000 };

async function openProduct(
  product: Product,
  rating: () => Response = () => HttpResponse.json({ rating: { average: 4.3, count: 7 } }),
) {
  server.use(
    meHandler(hosteller),
    http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
    http.get(api('/ratings/user/:id'), rating),
    http.get(api('/products'), () => HttpResponse.json({ products: [], nextCursor: null })),
  );
  const result = renderApp(`/products/${product.id}`, { user: hosteller });
  await screen.findByRole('heading', { level: 1, name: product.name }, FIRST_RENDER);
  return result;
}

/** The signed-in hosteller's offer on `product`, accepted by its seller. */
const acceptedOffer = (product: Product, amount: number) => ({
  id: '0ffe0000-0000-4000-8000-000000000009',
  productId: product.id,
  buyer: { id: hosteller.id, name: hosteller.name, avatar: null },
  amount,
  status: 'accepted' as const,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-20T11:00:00.000Z',
});

const mine = (overrides: Partial<Product> = {}) =>
  makeProduct({
    name: 'My bicycle',
    seller: hostellerAsSeller,
    sellerId: hosteller.id,
    can: SELLER_CAN,
    ...overrides,
  });

describe('product detail', { timeout: 20_000 }, () => {
  it('shows the product and the seller, and lets a buyer contact the seller', async () => {
    const product = makeProduct({
      name: 'Acoustic guitar',
      price: 4500,
      quantity: 2,
      category: 'musical',
      condition: 'like-new',
      isNegotiable: true,
      imageCount: 3,
      description: 'Six strings.\nComes with a bag.',
    });
    await openProduct(product);

    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveTextContent('₹4,500');
    expect(screen.getByText('Available')).toBeInTheDocument();
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({ Condition: 'Like New', Category: 'Musical', Quantity: '2', Negotiable: 'Yes' });
    expect(screen.getByText(/Comes with a bag/)).toBeInTheDocument();

    const sellerCard = within(screen.getByRole('region', { name: 'Seller' }));
    expect(sellerCard.getByRole('link', { name: seller.name })).toHaveAttribute(
      'href',
      `/users/${seller.id}`,
    );
    expect(sellerCard.getByText('Member since August 2026')).toBeInTheDocument();
    expect(await sellerCard.findByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(sellerCard.getByText('4.3 (7 ratings)')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Contact Seller' })).toHaveAttribute(
      'href',
      `/chat/${seller.id}?product=${product.id}`,
    );
    expect(screen.queryByRole('link', { name: 'Edit Product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Sold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('has a keyboard-usable gallery', async () => {
    const product = makeProduct({ name: 'Lamp', imageCount: 3 });
    const { user } = await openProduct(product);
    const main = () => screen.getByRole('img', { name: /^Lamp, photo/ });
    expect(main()).toHaveAttribute('src', product.images[0]);
    expect(main()).toHaveAccessibleName('Lamp, photo 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(main()).toHaveAttribute('src', product.images[2]);
    expect(screen.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{ArrowRight}');
    expect(main()).toHaveAttribute('src', product.images[0]);
    expect(screen.getByRole('button', { name: 'Show photo 1 of 3' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(main()).toHaveAttribute('src', product.images[2]);
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(main()).toHaveAttribute('src', product.images[1]);
  });

  it('hides Contact Seller from the seller and shows the owner actions', async () => {
    const product = mine({ isNegotiable: true });
    await openProduct(product);
    expect(screen.queryByRole('link', { name: 'Contact Seller' })).not.toBeInTheDocument();
    // The buyer's bar is not the seller's.
    expect(screen.queryByRole('region', { name: 'Buy this item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Product' })).toHaveAttribute(
      'href',
      `/hosteller/edit-product/${product.id}`,
    );
    const manage = within(screen.getByRole('region', { name: 'Manage your listing' }));
    expect(manage.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Mark Reserved',
      'Mark Sold',
      'Bump to top',
      'Delete',
    ]);
    expect(within(screen.getByRole('region', { name: 'Seller' })).getByText('(You)')).toBeInTheDocument();
  });

  it('lets the seller mark the product sold (to someone else) and available again', async () => {
    const product = mine();
    const bodies: unknown[] = [];
    server.use(
      http.put(api(`/products/${product.id}/sold`), async ({ request }) => {
        bodies.push({ sold: await request.json() });
        const can = { ...SELLER_CAN, markSold: false };
        return HttpResponse.json({ product: { ...product, status: 'sold', can } });
      }),
      http.patch(api(`/products/${product.id}/status`), async ({ request }) => {
        const body = (await request.json()) as { status: Product['status'] };
        bodies.push(body);
        const can = { ...SELLER_CAN, markSold: body.status !== 'sold' };
        return HttpResponse.json({ product: { ...product, status: body.status, can } });
      }),
    );
    const { user } = await openProduct(product);
    await user.click(screen.getByRole('button', { name: 'Mark Sold' }));
    // Whom it was sold to: nobody chatted or offered here, so only "Someone else".
    const dialog = within(await screen.findByRole('dialog', { name: 'Who bought it?' }));
    expect(await dialog.findByRole('radio', { name: 'Someone else' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Mark Sold' }));
    expect(await screen.findByText('Product marked as sold')).toBeInTheDocument();
    expect(screen.getByText('Sold')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Available' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Sold' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark Available' }));
    expect(await screen.findByText('Product is available again')).toBeInTheDocument();
    expect(bodies).toEqual([{ sold: { buyerId: null } }, { status: 'available' }]);
  });

  it('Mark Sold preselects the buyer whose offer was accepted, and the seller can still change it', async () => {
    const product = mine({ status: 'reserved' });
    const bala = { id: '6e7f8091-a2b3-4c4d-8e5f-6a7b8c9d0e11', name: 'Bala Buyer', avatar: null };
    const dia = { id: '6e7f8091-a2b3-4c4d-8e5f-6a7b8c9d0e12', name: 'Dia Scholar', avatar: null };
    const bodies: unknown[] = [];
    server.use(
      http.get(api(`/products/${product.id}/buyers`), () =>
        HttpResponse.json({ buyers: [bala, dia], acceptedBuyerId: dia.id, acceptedAmount: 350 }),
      ),
      http.put(api(`/products/${product.id}/sold`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          product: { ...product, status: 'sold', can: { ...SELLER_CAN, markSold: false } },
        });
      }),
    );
    const { user } = await openProduct(product);
    await user.click(screen.getByRole('button', { name: 'Mark Sold' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Who bought it?' }));
    const accepted = await dialog.findByRole('radio', { name: 'Dia Scholar' });
    expect(accepted).toBeChecked();
    expect(accepted).toHaveAccessibleDescription('Accepted offer');
    expect(dialog.getByRole('radio', { name: 'Bala Buyer' })).not.toBeChecked();
    expect(dialog.getByRole('radio', { name: 'Someone else' })).not.toBeChecked();
    // What it binds the buyer to: the accepted offer, or the listing price for anyone else.
    expect(dialog.getByRole('status')).toHaveTextContent('Dia Scholar will owe you ₹350 once they confirm.');

    // The seller may name someone else all the same.
    await user.click(dialog.getByRole('radio', { name: 'Bala Buyer' }));
    expect(dialog.getByRole('radio', { name: 'Bala Buyer' })).toBeChecked();
    expect(dialog.getByRole('status')).toHaveTextContent(
      `Bala Buyer will owe you ${formatRupees(product.price)} once they confirm.`,
    );
    await user.click(dialog.getByRole('radio', { name: 'Someone else' }));
    expect(dialog.getByRole('status')).toHaveTextContent('Nobody will owe you for it on CampusRun.');
    await user.click(dialog.getByRole('radio', { name: 'Dia Scholar' }));
    await user.click(dialog.getByRole('button', { name: 'Mark Sold' }));
    expect(await screen.findByText('Product marked as sold')).toBeInTheDocument();
    expect(bodies).toEqual([{ buyerId: dia.id }]);
  });

  it("shows a day scholar the buyer's buttons and none of the seller's", async () => {
    const product = makeProduct({ name: 'Lady Bird cycle', isNegotiable: true });
    server.use(
      meHandler(dayscholar),
      http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 4.3, count: 7 } })),
    );
    renderApp(`/products/${product.id}`, { user: dayscholar });
    await screen.findByRole('heading', { level: 1, name: 'Lady Bird cycle' }, FIRST_RENDER);
    expect(screen.getByRole('link', { name: 'Contact Seller' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Save/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Sold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Product' })).not.toBeInTheDocument();
  });

  it('deletes after confirmation and goes to the marketplace', async () => {
    const product = mine();
    let deleted = false;
    server.use(
      http.delete(api(`/products/${product.id}`), () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, location } = await openProduct(product);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location().pathname).toBe('/marketplace'));
    expect(deleted).toBe(true);
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
  });

  it('an expired listing says so to a buyer and takes no offer', async () => {
    const expired = { expired: true, expiresAt: '2026-11-01T10:00:00.000Z' };
    await openProduct(makeProduct({ name: 'Old cycle', isNegotiable: true, ...expired }));
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make an offer/ })).not.toBeInTheDocument();
  });

  it('the seller of an expired listing renews it', async () => {
    const expired = { expired: true, expiresAt: '2026-11-01T10:00:00.000Z' };
    const product = mine(expired);
    let renewed = 0;
    server.use(
      http.post(api(`/products/${product.id}/renew`), () => {
        renewed++;
        return HttpResponse.json({
          product: {
            ...product,
            expired: false,
            expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          },
        });
      }),
    );
    const { user } = await openProduct(product);
    expect(
      screen.getByText(/This listing has expired and is hidden from the marketplace/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Listing renewed for 30 days')).toBeInTheDocument();
    expect(renewed).toBe(1);
    expect(screen.getByText(/^Listed until /)).toBeInTheDocument();
    expect(screen.queryByText('Expired')).not.toBeInTheDocument();
  });

  it('the seller bumps an available listing once, then sees when they may again', async () => {
    const product = mine({ expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString() });
    server.use(
      http.post(api(`/products/${product.id}/bump`), () =>
        HttpResponse.json({ product: { ...product, bumpedAt: new Date().toISOString() } }),
      ),
    );
    const { user } = await openProduct(product);
    // Far from its end: no Renew, only the bump.
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bump to top' }));
    expect(await screen.findByText('Moved to the top of Newest')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bump again in 72 hours' })).toBeDisabled();
  });

  it('shows only the controls the server allows, whoever the viewer is', async () => {
    // The seller's own product, with nothing allowed: no Edit, no controls, no Contact Seller.
    await openProduct(
      mine({
        can: {
          edit: false,
          contact: false,
          markSold: false,
          delete: false,
          report: false,
          offer: false,
          save: false,
        },
      }),
    );
    expect(screen.queryByRole('link', { name: 'Edit Product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Manage your listing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact Seller' })).not.toBeInTheDocument();
  });

  it('follows the product while open: it turns Sold live, and says when it is gone', async () => {
    const product = makeProduct({ name: 'Kettle' });
    await openProduct(product);
    const socket = currentSocket();
    await waitFor(() => expect(socket.sent('product:watch')).toEqual([[{ id: product.id }]]));
    expect(screen.getByRole('link', { name: 'Contact Seller' })).toBeInTheDocument();

    socket.serverEmit('product:updated', { product: { ...product, status: 'sold', can: BUYER_CAN } });
    expect(await screen.findByText('Sold')).toBeInTheDocument();

    server.use(
      http.get(api(`/products/${product.id}`), () =>
        HttpResponse.json({ message: 'Product not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    socket.serverEmit('product:removed', { id: product.id });
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
  });

  it('on a phone a buyer has the price, Contact Seller and Make an offer in a bar above the tab bar; nothing hides behind it', async () => {
    // The bar as a phone lays it out: fixed, 72 px high, right above the 64 px tab bar.
    const style = document.createElement('style');
    style.textContent = '[aria-label="Buy this item"] { position: fixed; }';
    document.head.append(style);
    const barTop = window.innerHeight - 64 - 72;
    const boxes = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('aria-label') === 'Buy this item'
        ? DOMRect.fromRect({ x: 0, y: barTop, width: 360, height: 72 })
        : DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
    });
    const root = document.documentElement.style;
    try {
      const product = makeProduct({ name: 'Lady Bird cycle', price: 3200, isNegotiable: true });
      const { user, navigate } = await openProduct(product);
      const bar = within(screen.getByRole('region', { name: 'Buy this item' }));
      expect(bar.getByText('₹3,200')).toBeInTheDocument();
      expect(bar.getByText('Negotiable')).toBeInTheDocument();
      expect(bar.getByRole('link', { name: 'Contact Seller' })).toHaveAttribute(
        'href',
        `/chat/${seller.id}?product=${product.id}`,
      );
      // The page's last line stays above the bar, toasts rise above it, a focused field scrolls clear of it.
      const page = screen.getByRole('heading', { level: 1 }).closest('.grid');
      await waitFor(() => expect(page).toHaveStyle({ paddingBottom: '72px' }));
      expect(root.getPropertyValue('--toast-clearance-bottom')).toBe('136px');
      expect(root.getPropertyValue('scroll-padding-bottom')).toBe('136px');

      await user.click(bar.getByRole('button', { name: 'Make an offer' }));
      expect(await screen.findByRole('dialog', { name: 'Make an offer' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await navigate('/marketplace');
      await waitFor(() => expect(root.getPropertyValue('--toast-clearance-bottom')).toBe(''));
      expect(root.getPropertyValue('scroll-padding-bottom')).toBe('');
    } finally {
      boxes.mockRestore();
      style.remove();
    }
  });

  it('a reserved product keeps Contact Seller in the page, and its buyer is led to arrange the pickup', async () => {
    const product = makeProduct({ name: 'Kettle', status: 'reserved', isNegotiable: true });
    server.use(
      http.get(api(`/products/${product.id}/offers`), () =>
        HttpResponse.json({ offers: [acceptedOffer(product, 350)] }),
      ),
    );
    await openProduct(product);
    expect(screen.queryByRole('region', { name: 'Buy this item' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Seller' })).toBeInTheDocument();
    const offers = within(await screen.findByRole('region', { name: 'Your offers' }));
    expect(await offers.findByRole('link', { name: 'Arrange the pickup in chat' })).toHaveAttribute(
      'href',
      `/chat/${seller.id}?product=${product.id}`,
    );
  });

  it('a sold product says what it sold for, and offers nobody but its buyer a way to buy or a pickup', async () => {
    const product = makeProduct({
      name: 'Kettle',
      price: 400,
      soldPrice: 400,
      status: 'sold',
      isNegotiable: true,
    });
    // This viewer's offer was accepted, but the seller sold it to someone else.
    server.use(
      http.get(api(`/products/${product.id}/offers`), () =>
        HttpResponse.json({ offers: [acceptedOffer(product, 350)] }),
      ),
    );
    await openProduct(product);
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveTextContent('Sold for ₹400');
    const offers = within(await screen.findByRole('region', { name: 'Your offers' }));
    expect(await offers.findByText('Agreed price')).toBeInTheDocument();
    expect(offers.queryByRole('link', { name: 'Arrange the pickup in chat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Contact Seller|Message Seller/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Buy this item' })).not.toBeInTheDocument();
  });

  it('the buyer of a sold product reads what they paid and may message the seller', async () => {
    const product = makeProduct({ name: 'Kettle', price: 400, soldPrice: 400, status: 'sold' });
    server.use(
      http.get(api(`/products/${product.id}/reviews`), () =>
        HttpResponse.json({
          buyer: { id: hosteller.id, name: hosteller.name, avatar: null },
          reviews: [],
          canReview: null,
        }),
      ),
    );
    await openProduct(product);
    expect(await screen.findByRole('link', { name: 'Message Seller' })).toHaveAttribute(
      'href',
      `/chat/${seller.id}?product=${product.id}`,
    );
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveTextContent(
      'You bought it for ₹400',
    );
  });

  it('a product sold to someone else, for a price nobody told, shows its listing price', async () => {
    await openProduct(makeProduct({ name: 'Kettle', price: 400, status: 'sold' }));
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveTextContent(/^₹400$/);
    expect(screen.getByText('Sold')).toBeInTheDocument();
  });

  it('hides the rating silently when it cannot be loaded', async () => {
    await openProduct(makeProduct({ name: 'Kettle' }), () =>
      HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    );
    const sellerCard = within(screen.getByRole('region', { name: 'Seller' }));
    await waitFor(() => expect(sellerCard.queryByText(/rating/i)).not.toBeInTheDocument());
    expect(sellerCard.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Product not found' for an unknown product", async () => {
    server.use(
      meHandler(hosteller),
      http.get(api('/products/:id'), () =>
        HttpResponse.json({ message: 'Product not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderApp('/products/0a1b2c3d-4e5f-4a6b-8c7d-999999999999', { user: hosteller });
    expect(await screen.findByText('Product not found', undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Marketplace' })).toBeInTheDocument();
  });

  it("says 'Failed to load product details' and goes back to the marketplace on other failures", async () => {
    server.use(
      meHandler(hosteller),
      http.get(api('/products/:id'), () => HttpResponse.json({ message: '' }, { status: 500 })),
      http.get(api('/products'), () => HttpResponse.json({ products: [], nextCursor: null })),
    );
    const { location } = renderApp('/products/0a1b2c3d-4e5f-4a6b-8c7d-999999999999', { user: hosteller });
    expect(
      await screen.findByText('Failed to load product details', undefined, FIRST_RENDER),
    ).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/marketplace'));
  });
  it('shares the product page: the share sheet where there is one, else the link copied', async () => {
    const product = makeProduct({ name: 'Lady Bird cycle', price: 2800 });
    const { user } = await openProduct(product);
    const link = `${window.location.origin}/products/${product.id}`;

    // No share sheet (a desktop browser): the link goes to the clipboard and a toast says so.
    expect('share' in navigator).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);

    // A phone's share sheet gets the title, the name and price as the text, and the link; closing it
    // says nothing.
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.reject(new DOMException('closed', 'AbortError'));
      },
    });
    try {
      await user.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() =>
        expect(shared).toEqual([{ title: 'Lady Bird cycle', text: 'Lady Bird cycle — ₹2,800', url: link }]),
      );
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('offline, opens a product seen in the marketplace and says so; one never seen says offline, not a skeleton', async () => {
    const seen = makeProduct({ name: 'Hercules cycle', category: 'cycles' });
    server.use(
      meHandler(hosteller),
      http.get(api('/products'), () => HttpResponse.json({ products: [seen], nextCursor: null })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
    );
    const { user, navigate } = renderApp('/marketplace', { user: hosteller });
    const link = await screen.findByRole('link', { name: 'Hercules cycle' }, FIRST_RENDER);
    onlineManager.setOnline(false);
    try {
      await user.click(link);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Hercules cycle' }, FIRST_RENDER),
      ).toBeInTheDocument();
      expect(screen.getByText("You're offline. This is the product as you last saw it.")).toBeInTheDocument();
      expect(screen.getByText('Cycles')).toBeInTheDocument();

      await navigate('/products/7a7a7a7a-0000-4000-8000-000000000099');
      expect(
        await screen.findByText("You're offline. This product opens once you're back online."),
      ).toBeInTheDocument();
      expect(document.querySelector('[aria-hidden="true"] .animate-pulse')).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

describe('product detail offline', { timeout: 20_000 }, () => {
  const OFFLINE = 'You’re offline. Try again when you’re back online.';
  afterEach(() => onlineManager.setOnline(true));

  it('offline, Mark Sold is off with the reason once; the other controls stay; back online it opens', async () => {
    const product = mine();
    const { user } = await openProduct(product);
    const manage = within(screen.getByRole('region', { name: 'Manage your listing' }));
    act(() => onlineManager.setOnline(false));

    const markSold = manage.getByRole('button', { name: 'Mark Sold' });
    expect(markSold).toBeDisabled();
    expect(markSold).toHaveAccessibleDescription(OFFLINE);
    expect(manage.getAllByText(OFFLINE)).toHaveLength(1);
    expect(manage.getByRole('button', { name: 'Mark Reserved' })).toBeEnabled();
    await user.click(markSold);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    expect(manage.queryByText(OFFLINE)).not.toBeInTheDocument();
    await user.click(manage.getByRole('button', { name: 'Mark Sold' }));
    expect(await screen.findByRole('dialog', { name: 'Who bought it?' })).toBeInTheDocument();
  });

  it('going offline in the Mark Sold dialog turns its Mark Sold off until the network returns', async () => {
    const product = mine();
    const bodies: unknown[] = [];
    server.use(
      http.put(api(`/products/${product.id}/sold`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          product: { ...product, status: 'sold', can: { ...SELLER_CAN, markSold: false } },
        });
      }),
    );
    const { user } = await openProduct(product);
    await user.click(screen.getByRole('button', { name: 'Mark Sold' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Who bought it?' }));
    expect(await dialog.findByRole('radio', { name: 'Someone else' })).toBeChecked();
    act(() => onlineManager.setOnline(false));

    const submit = dialog.getByRole('button', { name: 'Mark Sold' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(OFFLINE);
    expect(dialog.getByText(OFFLINE)).toBeInTheDocument();
    await user.click(submit);
    expect(bodies).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await user.click(dialog.getByRole('button', { name: 'Mark Sold' }));
    expect(await screen.findByText('Product marked as sold')).toBeInTheDocument();
    expect(bodies).toEqual([{ buyerId: null }]);
  });

  it('offline, the seller cannot accept an offer: each Accept is off, the panel says why once', async () => {
    const product = mine({ isNegotiable: true });
    const offer = (n: number, amount: number) => ({
      id: `0ffe0000-0000-4000-8000-00000000000${n}`,
      productId: product.id,
      buyer: { id: `6e7f8091-a2b3-4c4d-8e5f-6a7b8c9d0e2${n}`, name: `Buyer ${n}`, avatar: null },
      amount,
      status: 'pending' as const,
      createdAt: '2026-11-20T10:00:00.000Z',
      decidedAt: null,
    });
    const offers = [offer(1, 400), offer(2, 450)];
    const decided: string[] = [];
    server.use(
      http.get(api(`/products/${product.id}/offers`), () => HttpResponse.json({ offers })),
      http.put(api('/offers/:id/:action'), ({ params }) => {
        decided.push(String(params.action));
        const done = { ...offers[0]!, status: 'accepted' as const, decidedAt: new Date().toISOString() };
        return HttpResponse.json({ offer: done, message: 'Offer accepted' });
      }),
    );
    const { user } = await openProduct(product);
    const panel = within(screen.getByRole('region', { name: 'Offers' }));
    await panel.findByText('Buyer 2');
    act(() => onlineManager.setOnline(false));

    const accepts = panel.getAllByRole('button', { name: 'Accept' });
    expect(accepts).toHaveLength(2);
    for (const accept of accepts) {
      expect(accept).toBeDisabled();
      expect(accept).toHaveAccessibleDescription(OFFLINE);
    }
    expect(panel.getAllByText(OFFLINE)).toHaveLength(1);
    await user.click(accepts[0]!);
    expect(decided).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(panel.queryByText(OFFLINE)).not.toBeInTheDocument();
    await user.click(panel.getAllByRole('button', { name: 'Accept' })[0]!);
    await waitFor(() => expect(decided).toEqual(['accept']));
  });
});
