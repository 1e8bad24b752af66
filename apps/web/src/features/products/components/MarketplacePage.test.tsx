import { SAVED_SEARCH_MESSAGES } from '@campusrun/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeProduct } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastTexts } from '@/test/toasts';

// Lazy route chunks and toasts take a while on a busy machine.
configure({ asyncUtilTimeout: 4000 });
const FIRST_RENDER = { timeout: 10_000 };

/** Every GET /products query string, in order. */
function listHandler(answer: (params: URLSearchParams) => Response | Promise<Response>) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get(api('/products'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      return answer(params);
    }),
  );
  return calls;
}

/** Renders the app at the marketplace; the first render loads the route's chunk, hence the wait. */
async function openMarketplace(path = '/hosteller/marketplace') {
  server.use(meHandler(hosteller));
  const result = renderApp(path, { user: hosteller });
  await screen.findByRole('heading', { level: 1, name: 'Marketplace' }, FIRST_RENDER);
  return result;
}

describe('marketplace', { timeout: 20_000 }, () => {
  it('shows the products as cards with rupee prices, lazy square thumbnails and a reserved badge', async () => {
    const lamp = makeProduct({ name: 'Desk lamp', price: 1250, condition: 'like-new', category: 'decor' });
    const books = makeProduct({ name: 'DSA books', price: 300, status: 'reserved', isNegotiable: true });
    listHandler(() => HttpResponse.json({ products: [lamp, books], nextCursor: null }));
    await openMarketplace();

    const list = await screen.findByRole('list', { name: 'Products' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Desk lamp' })).toHaveAttribute(
      'href',
      `/products/${lamp.id}`,
    );
    expect(within(cards[0]!).getByText('₹1,250')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Like New · Decor')).toBeInTheDocument();
    // Where the seller lives, and how long ago it was listed.
    expect(cards[0]).toHaveTextContent(/Block B · (\d+ (min|h|d) ago|just now|\d+ \w+ \d{4})/);
    const image = within(cards[1]!).getByRole('img', { name: 'DSA books' });
    expect(image).toHaveAttribute('src', books.thumbnails[0]);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '400');
    expect(within(cards[1]!).getByText('Reserved')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Reserved')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('writes search, category, condition and sort to the URL and sends them to the API', async () => {
    const calls = listHandler(() => HttpResponse.json({ products: [makeProduct()], nextCursor: null }));
    const { user, location } = await openMarketplace();
    await screen.findByRole('list', { name: 'Products' });
    expect(calls[0]?.get('sort')).toBe('recent');
    expect(calls[0]?.has('search')).toBe(false);

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'casio calc');
    await waitFor(() => expect(new URLSearchParams(location().search).get('search')).toBe('casio calc'));
    // Debounced: one request for the whole word, not one per key.
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('casio calc'));
    expect(calls.filter((c) => c.has('search'))).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'electronics');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'like-new');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-low');

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
        search: 'casio calc',
        category: 'electronics',
        condition: 'like-new',
        sort: 'price-low',
      }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!)).toEqual({
        search: 'casio calc',
        category: 'electronics',
        condition: 'like-new',
        sort: 'price-low',
        limit: '24',
      }),
    );
  });

  it('reads the filters from the URL (a reload keeps them)', async () => {
    const calls = listHandler(() => HttpResponse.json({ products: [], nextCursor: null }));
    await openMarketplace('/hosteller/marketplace?search=lamp&category=decor&condition=used&sort=price-high');
    expect(await screen.findByText('No products match your filters')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('lamp');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('decor');
    // The edit form's 'used' reads as the canonical 'good'.
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('good');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-high');
    // On a phone the category and condition fold behind "Filters", which counts them.
    const fold = screen.getByRole('button', { name: 'Filters (2 in use)' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(Object.fromEntries(calls[0]!)).toEqual({
      search: 'lamp',
      category: 'decor',
      condition: 'good',
      sort: 'price-high',
      limit: '24',
    });
  });

  it('clears the filters from the empty state', async () => {
    listHandler((params) =>
      HttpResponse.json({
        products: params.has('category') ? [] : [makeProduct({ name: 'Kettle' })],
        nextCursor: null,
      }),
    );
    const { user, location } = await openMarketplace('/hosteller/marketplace?category=books&search=x');
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'Kettle' })).toBeInTheDocument();
    expect(location().search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('loads more with the next cursor and moves focus to the first new card', async () => {
    const calls = listHandler((params) =>
      params.get('cursor') === 'page-2'
        ? HttpResponse.json({ products: [makeProduct({ name: 'Second page item' })], nextCursor: null })
        : HttpResponse.json({ products: [makeProduct({ name: 'First page item' })], nextCursor: 'page-2' }),
    );
    const { user } = await openMarketplace('/hosteller/marketplace?sort=price-low');
    await screen.findByRole('link', { name: 'First page item' });
    // By keyboard: the button goes away with the last page; focus moves to the first new card.
    screen.getByRole('button', { name: 'Load more' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: 'Second page item' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Second page item' })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'First page item' })).toBeInTheDocument();
    expect(calls.at(-1)?.get('cursor')).toBe('page-2');
    expect(calls.at(-1)?.get('sort')).toBe('price-low');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows an empty state with a way to sell', async () => {
    listHandler(() => HttpResponse.json({ products: [], nextCursor: null }));
    await openMarketplace();
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell a product' })).toHaveAttribute(
      'href',
      '/hosteller/sell-product',
    );
  });

  it('shows a day scholar an empty marketplace without a way to sell', async () => {
    listHandler(() => HttpResponse.json({ products: [], nextCursor: null }));
    server.use(meHandler(dayscholar));
    renderApp('/marketplace', { user: dayscholar });
    expect(await screen.findByText('No products yet', undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText('Nothing is on sale right now. Check back soon.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sell a product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sell Product' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load products' with Retry", async () => {
    let fail = true;
    listHandler(() =>
      fail
        ? HttpResponse.json({ message: 'Database is down', code: 'INTERNAL' }, { status: 503 })
        : HttpResponse.json({ products: [makeProduct({ name: 'Back again' })], nextCursor: null }),
    );
    const { user } = await openMarketplace();
    expect(await screen.findByText('Failed to load products')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });

  it('writes a price range to the URL and sends it to the API; a reload keeps it', async () => {
    const calls = listHandler(() => HttpResponse.json({ products: [makeProduct()], nextCursor: null }));
    const { user, location } = await openMarketplace('/marketplace?maxPrice=3000');
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.getByRole('textbox', { name: 'Highest price (₹)' })).toHaveValue('3000');
    expect(calls[0]?.get('maxPrice')).toBe('3000');
    expect(screen.getByRole('button', { name: 'Filters (1 in use)' })).toBeInTheDocument();

    // Whole rupees: what is not a digit is not taken.
    await user.type(screen.getByRole('textbox', { name: 'Lowest price (₹)' }), '1,000');
    expect(screen.getByRole('textbox', { name: 'Lowest price (₹)' })).toHaveValue('1000');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
        minPrice: '1000',
        maxPrice: '3000',
      }),
    );
    await waitFor(() => expect(calls.at(-1)?.get('minPrice')).toBe('1000'));
    // Debounced: one request for the whole number.
    expect(calls.filter((c) => c.has('minPrice'))).toHaveLength(1);
  });
});

describe('saving a marketplace search', { timeout: 20_000 }, () => {
  it('is turned off, with the reason, while there are no words and no filters', async () => {
    listHandler(() => HttpResponse.json({ products: [], nextCursor: null }));
    await openMarketplace('/marketplace?sort=price-low');
    const button = await screen.findByRole('button', { name: 'Save this search' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(SAVED_SEARCH_MESSAGES.emptyFilters);
  });

  it('saves the search on screen under a name made from its filters, then leads to the saved searches', async () => {
    listHandler(() => HttpResponse.json({ products: [], nextCursor: null }));
    const sent: unknown[] = [];
    server.use(
      http.post(api('/saved-searches'), async ({ request }) => {
        const body = (await request.json()) as { name: string; kind: 'products'; filters: object };
        sent.push(body);
        if (body.name === 'x'.repeat(5))
          return HttpResponse.json(
            { message: 'Validation failed', errors: [{ param: 'name', msg: 'Pick another name' }] },
            { status: 400 },
          );
        if (sent.length === 2)
          return HttpResponse.json({ message: SAVED_SEARCH_MESSAGES.tooMany }, { status: 409 });
        return HttpResponse.json(
          {
            search: {
              id: '5a5e0000-0000-4000-8000-000000000099',
              ...body,
              paused: false,
              newMatches: 0,
              createdAt: '2026-11-20T10:00:00.000Z',
              lastOpenedAt: '2026-11-20T10:00:00.000Z',
            },
            message: SAVED_SEARCH_MESSAGES.saved,
          },
          { status: 201 },
        );
      }),
    );
    const { user } = await openMarketplace('/marketplace?search=cycles&category=cycles&maxPrice=3000');
    const button = await screen.findByRole('button', { name: 'Save this search' });
    expect(button).toBeEnabled();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    expect(dialog).toHaveTextContent('Marketplace: “cycles” · Cycles · under ₹3,000');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('cycles under ₹3,000');
    expect(within(dialog).getByText('19/60 characters')).toBeInTheDocument();

    // A refusal of the name shows at the field.
    await user.clear(name);
    await user.type(name, 'xxxxx');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText('Pick another name')).toBeInTheDocument();

    // Any other refusal: the server's words in a toast; the dialog stays.
    await user.clear(name);
    await user.type(name, 'Cheap cycles');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(toastTexts()).toContain(SAVED_SEARCH_MESSAGES.tooMany));
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(toastTexts()).toContain(SAVED_SEARCH_MESSAGES.saved));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const link = screen.getByRole('link', { name: 'Saved · See saved searches' });
    expect(link).toHaveAttribute('href', '/searches');
    await waitFor(() => expect(link).toHaveFocus());
    expect(sent.at(-1)).toEqual({
      kind: 'products',
      name: 'Cheap cycles',
      filters: { search: 'cycles', category: 'cycles', maxPrice: 3000, sort: 'recent' },
    });
  });
});
