import { SAVED_SEARCH_MESSAGES, type SavedSearch } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeNotification } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { menuButton } from '@/test/menus';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { currentSocket } from '@/test/socket';
import { toastsSettled } from '@/test/toasts';

const FIRST_RENDER = { timeout: 15_000 };

let counter = 0;
function makeSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  counter += 1;
  return {
    id: `5a5e0000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: 'products',
    name: 'cycles under ₹3,000',
    filters: { search: 'cycles', maxPrice: 3000, sort: 'recent' },
    paused: false,
    newMatches: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastOpenedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  } as SavedSearch;
}

/** GET /saved-searches answering `searches` (changed by the test's other handlers as the server would). */
function listOf(searches: SavedSearch[], user = hosteller) {
  server.use(
    meHandler(user),
    http.get(api('/saved-searches'), () => HttpResponse.json({ searches })),
  );
}

async function openScreen(user = hosteller, path = '/searches') {
  const result = renderApp(path, { user });
  await screen.findByRole('heading', { level: 1, name: 'Saved searches' }, FIRST_RENDER);
  return result;
}

describe('saved searches screen', { timeout: 30_000 }, () => {
  it('shows loading, then the empty state with the way to save one', async () => {
    server.use(
      meHandler(dayscholar),
      http.get(api('/saved-searches'), async () => {
        await delay(300);
        return HttpResponse.json({ searches: [] });
      }),
    );
    await openScreen(dayscholar);
    expect(await screen.findByRole('status', { name: 'Loading saved searches' })).toBeInTheDocument();
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Search the marketplace or Browse requests, then press “Save this search”. You’ll hear when something new matches.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });

  it('shows the error state, and the list after Retry', async () => {
    let fail = true;
    server.use(
      meHandler(hosteller),
      http.get(api('/saved-searches'), () =>
        fail
          ? HttpResponse.json({ message: 'Internal server error' }, { status: 500 })
          : HttpResponse.json({ searches: [makeSearch({ name: 'Desk lamps' })] }),
      ),
    );
    const { user } = await openScreen();
    expect(await screen.findByText('Failed to load your saved searches')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Desk lamps' })).toBeInTheDocument();
  });

  it('lists each search with what it looks for and through, its new matches and its paused alerts', async () => {
    listOf([
      makeSearch({ name: 'cycles under ₹3,000', newMatches: 3 }),
      makeSearch({
        kind: 'requests',
        name: 'Milk runs',
        filters: { search: 'milk', location: 'Block A', minFee: 20, sort: 'newest' },
        paused: true,
      }),
    ]);
    await openScreen(dayscholar);
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    const [cycles, milk] = within(list).getAllByRole('listitem');
    expect(screen.getByText('2 of 20 saved searches')).toBeInTheDocument();

    expect(within(cycles!).getByRole('heading', { name: 'cycles under ₹3,000' })).toBeInTheDocument();
    expect(within(cycles!).getByText('“cycles” · under ₹3,000')).toBeInTheDocument();
    expect(within(cycles!).getByText('Marketplace')).toBeInTheDocument();
    expect(within(cycles!).getByText(/3 new/)).toHaveTextContent('3 new matches');
    expect(within(cycles!).queryByText('Alerts paused')).not.toBeInTheDocument();
    expect(
      within(cycles!).getByRole('button', { name: 'Pause alerts for cycles under ₹3,000' }),
    ).toBeVisible();

    expect(within(milk!).getByText('“milk” · to Block A · fee from ₹20')).toBeInTheDocument();
    expect(within(milk!).getByText('Requests')).toBeInTheDocument();
    expect(within(milk!).getByText('Alerts paused')).toBeInTheDocument();
    expect(within(milk!).queryByText(/\d new/)).not.toBeInTheDocument();
    expect(within(milk!).getByRole('button', { name: 'Resume alerts for Milk runs' })).toBeVisible();
  });

  it('opens a search: marks it opened, then shows its list with the filters in the address', async () => {
    const search = makeSearch({
      name: 'Cheap cycles',
      filters: { search: 'cycles', category: 'cycles', maxPrice: 3000, sort: 'price-low' },
      newMatches: 2,
    });
    listOf([search]);
    let opened = 0;
    server.use(
      http.post(api(`/saved-searches/${search.id}/open`), () => {
        opened += 1;
        return HttpResponse.json({
          search: { ...search, newMatches: 0 },
          message: SAVED_SEARCH_MESSAGES.opened,
        });
      }),
      http.get(api('/products'), () => HttpResponse.json({ products: [], nextCursor: null })),
    );
    const { user, location } = await openScreen();
    await user.click(await screen.findByRole('link', { name: 'Open Cheap cycles' }));
    await waitFor(() => expect(location().pathname).toBe('/marketplace'));
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
      search: 'cycles',
      category: 'cycles',
      maxPrice: '3000',
      sort: 'price-low',
    });
    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.opened)).toBeInTheDocument();
    expect(await screen.findByRole('searchbox', { name: 'Search products' })).toHaveValue('cycles');
    expect(screen.getByRole('textbox', { name: 'Highest price (₹)' })).toHaveValue('3000');
    expect(opened).toBe(1);
  });

  it('renames a search; a refused name shows at the field', async () => {
    const search = makeSearch({ name: 'Old name' });
    listOf([search]);
    const sent: unknown[] = [];
    server.use(
      http.patch(api(`/saved-searches/${search.id}`), async ({ request }) => {
        const body = (await request.json()) as { name: string };
        sent.push(body);
        if (body.name === 'Taken')
          return HttpResponse.json(
            { message: 'Validation failed', errors: [{ param: 'name', msg: 'That name is taken' }] },
            { status: 400 },
          );
        return HttpResponse.json({
          search: { ...search, name: body.name },
          message: SAVED_SEARCH_MESSAGES.renamed,
        });
      }),
    );
    const { user } = await openScreen();
    await user.click(await screen.findByRole('button', { name: 'Rename Old name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename this search' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('Old name');

    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText(SAVED_SEARCH_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(field, 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('That name is taken')).toBeInTheDocument();
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'Road bikes');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.renamed)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Road bikes' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ name: 'Road bikes' });
  });

  it('pauses and resumes the alerts of a search', async () => {
    const search = makeSearch({ name: 'Lamps' });
    listOf([search]);
    const sent: unknown[] = [];
    server.use(
      http.patch(api(`/saved-searches/${search.id}`), async ({ request }) => {
        const body = (await request.json()) as { paused: boolean };
        sent.push(body);
        return HttpResponse.json({
          search: { ...search, paused: body.paused },
          message: body.paused ? SAVED_SEARCH_MESSAGES.paused : SAVED_SEARCH_MESSAGES.resumed,
        });
      }),
    );
    const { user } = await openScreen();
    await user.click(await screen.findByRole('button', { name: 'Pause alerts for Lamps' }));
    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.paused)).toBeInTheDocument();
    expect(await screen.findByText('Alerts paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume alerts for Lamps' }));
    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.resumed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Alerts paused')).not.toBeInTheDocument());
    expect(sent).toEqual([{ paused: true }, { paused: false }]);
  });

  it('deletes a search after a confirmation, and focus stays on the list', async () => {
    const keep = makeSearch({ name: 'Keep me' });
    const gone = makeSearch({ name: 'Delete me' });
    let searches = [keep, gone];
    server.use(
      meHandler(hosteller),
      http.get(api('/saved-searches'), () => HttpResponse.json({ searches })),
      http.delete(api(`/saved-searches/${gone.id}`), () => {
        searches = [keep];
        return HttpResponse.json({ message: SAVED_SEARCH_MESSAGES.deleted });
      }),
    );
    const { user } = await openScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete Delete me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this saved search?' });
    expect(dialog).toHaveTextContent('“Delete me” and its alerts will be removed. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Delete me' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Keep me' })).toBeInTheDocument();
    expect(screen.getByText('1 of 20 saved searches')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: '1 of 20 saved searches' })).toHaveFocus());
  });

  it('reads the list again when a notice of new matches arrives', async () => {
    const search = makeSearch({ name: 'Kettles' });
    let newMatches = 0;
    server.use(
      meHandler(hosteller),
      http.get(api('/saved-searches'), () => HttpResponse.json({ searches: [{ ...search, newMatches }] })),
    );
    await openScreen();
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    await waitFor(() => expect(currentSocket().connected).toBe(true));
    // A notice of another kind leaves the list as it is.
    newMatches = 1;
    currentSocket().serverEmit('notification', makeNotification({ message: 'Your request was accepted' }));
    expect(await screen.findByText('Your request was accepted')).toBeInTheDocument();
    await toastsSettled();
    expect(within(list).queryByText(/\d new/)).not.toBeInTheDocument();

    newMatches = 2;
    currentSocket().serverEmit(
      'notification',
      makeNotification({
        type: 'search',
        message: '2 new matches for “Kettles”',
        data: { savedSearchId: search.id, searchKind: 'products' },
      }),
    );
    expect(await within(list).findByText(/2 new/)).toHaveTextContent('2 new matches');
  });

  it('is in the user menu', async () => {
    listOf([]);
    const { user } = await openScreen();
    await user.click(await menuButton('Open user menu'));
    expect(await screen.findByRole('menuitem', { name: 'Saved searches' })).toHaveAttribute(
      'href',
      '/searches',
    );
  });
});

describe('opening a saved search by its address', { timeout: 30_000 }, () => {
  it('marks it opened and goes on to Browse requests with its filters', async () => {
    const search = makeSearch({
      kind: 'requests',
      filters: { search: 'bread', pickupFrom: 'Katpadi market', maxFee: 40, sort: 'newest' },
    });
    server.use(
      meHandler(dayscholar),
      http.post(api(`/saved-searches/${search.id}/open`), () =>
        HttpResponse.json({ search, message: SAVED_SEARCH_MESSAGES.opened }),
      ),
    );
    const { location } = renderApp(`/searches/${search.id}`, { user: dayscholar });
    await waitFor(() => expect(location().pathname).toBe('/dayscholar/browse-requests'), FIRST_RENDER);
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
      search: 'bread',
      pickupFrom: 'Katpadi market',
      maxFee: '40',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Requests' })).toBeInTheDocument();
  });

  it('says so when the search is gone, with the way to the others', async () => {
    server.use(
      meHandler(hosteller),
      http.post(api('/saved-searches/:id/open'), () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: SAVED_SEARCH_MESSAGES.notFound }, { status: 404 }),
      ),
    );
    renderApp(`/searches/${crypto.randomUUID()}`, { user: hosteller });
    expect(
      await screen.findByText(SAVED_SEARCH_MESSAGES.notFound, undefined, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your saved searches' })).toHaveAttribute('href', '/searches');
  });
});
