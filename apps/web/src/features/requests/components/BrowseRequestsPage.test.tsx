import { SAVED_SEARCH_MESSAGES } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar } from '@/test/fixtures';
import { can, makeRequest } from '@/test/requests';
import { currentSocket } from '@/test/socket';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastTexts } from '@/test/toasts';

describe('browse requests', { timeout: 20_000 }, () => {
  it('puts the filters in the URL and sends them to the server; a reload keeps them', async () => {
    const calls: URLSearchParams[] = [];
    const milk = makeRequest({ itemName: 'Milk packet', expectedPrice: 30 });
    const pens = makeRequest({ itemName: 'Blue pens', expectedPrice: 60 });
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        calls.push(params);
        const search = params.get('search') ?? '';
        const requests = [milk, pens].filter((r) => r.itemName.toLowerCase().includes(search.toLowerCase()));
        return HttpResponse.json({ requests, nextCursor: null });
      }),
    );
    const { user, location } = renderApp('/dayscholar/browse-requests?sort=highestFee', { user: dayscholar });
    expect(await screen.findByText('Milk packet', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Blue pens')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('highestFee');
    expect(calls[0].get('sort')).toBe('highestFee');

    // One field at a time, each after the previous one reached the URL (as a person moves between fields).
    const inUrl = (key: string, value: string) =>
      waitFor(() => expect(new URLSearchParams(location().search).get(key)).toBe(value), {
        timeout: 15_000,
      });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'milk');
    await inUrl('search', 'milk');
    await user.type(screen.getByLabelText('Location'), 'Block A');
    await inUrl('location', 'Block A');
    await user.type(screen.getByLabelText('Min fee (₹)'), '10');
    await inUrl('minFee', '10');
    await user.type(screen.getByLabelText('Max fee (₹)'), '50');
    await inUrl('maxFee', '50');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'lowestFee');

    await waitFor(
      () => {
        const search = new URLSearchParams(location().search);
        expect(Object.fromEntries(search)).toEqual({
          search: 'milk',
          location: 'Block A',
          minFee: '10',
          maxFee: '50',
          sort: 'lowestFee',
        });
      },
      { timeout: 15_000 },
    );
    await waitFor(
      () =>
        expect(Object.fromEntries(calls.at(-1)!)).toMatchObject({
          search: 'milk',
          location: 'Block A',
          minFee: '10',
          maxFee: '50',
          sort: 'lowestFee',
        }),
      { timeout: 15_000 },
    );
    await waitFor(() => expect(screen.queryByText('Blue pens')).not.toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.getByText('Milk packet')).toBeInTheDocument();
    // On a phone the location and fees fold behind "Filters", which counts those in use.
    expect(screen.getByRole('button', { name: 'Filters (3 in use)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('shows how long is left beside each deadline, and no Pending badge (everything listed is pending)', async () => {
    const soon = makeRequest({
      itemName: 'Milk packet',
      deadline: new Date(Date.now() + 3 * 3600_000 + 10 * 60_000).toISOString(),
    });
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), () =>
        HttpResponse.json({ requests: [soon], nextCursor: null }),
      ),
    );
    renderApp('/dayscholar/browse-requests', { user: dayscholar });
    const list = await screen.findByRole('list', { name: 'Available requests' }, { timeout: 15_000 });
    expect(within(list).getByText('in 3 hr')).toBeInTheDocument();
    expect(within(list).queryByText('Pending')).not.toBeInTheDocument();
    // No filter in use: the button says just "Filters".
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('gains new requests at the top, highlighted, and loses withdrawn ones, without asking the server again', async () => {
    let calls = 0;
    const milk = makeRequest({ itemName: 'Milk packet', can: can('accept', 'chat') });
    const pens = makeRequest({ itemName: 'Blue pens', can: can('accept', 'chat') });
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), () => {
        calls += 1;
        return HttpResponse.json({ requests: [milk, pens], nextCursor: null });
      }),
    );
    renderApp('/dayscholar/browse-requests', { user: dayscholar });
    const list = await screen.findByRole('list', { name: 'Available requests' }, { timeout: 15_000 });
    const names = () =>
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent);
    const socket = currentSocket();

    const bread = makeRequest({ itemName: 'Bread loaf', can: can('accept', 'chat') });
    socket.serverEmit('request:available', { request: bread });
    await waitFor(() => expect(names()[0]).toMatch(/^Bread loaf/));
    const card = within(list).getByRole('link', { name: /Bread loaf/ });
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(card.closest('li')).toHaveClass('motion-safe:animate-fresh-in');
    // The same request again (e.g. sent twice) is not listed twice.
    socket.serverEmit('request:available', { request: bread });
    expect(names()).toHaveLength(3);

    socket.serverEmit('request:unavailable', { id: milk.id });
    await waitFor(() => expect(screen.queryByText('Milk packet')).not.toBeInTheDocument());
    expect(names()).toHaveLength(2);
    expect(calls).toBe(1);
  });

  it('keeps the sort when a filter is typed after choosing it', async () => {
    const calls: URLSearchParams[] = [];
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), ({ request }) => {
        calls.push(new URL(request.url).searchParams);
        return HttpResponse.json({ requests: [makeRequest({ itemName: 'Milk packet' })], nextCursor: null });
      }),
    );
    const { user, location } = renderApp('/dayscholar/browse-requests', { user: dayscholar });
    expect(await screen.findByText('Milk packet', {}, { timeout: 15_000 })).toBeInTheDocument();
    const query = () => Object.fromEntries(new URLSearchParams(location().search));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'lowestFee');
    await waitFor(() => expect(query()).toEqual({ sort: 'lowestFee' }));
    await user.type(screen.getByLabelText('Min fee (₹)'), '30');
    await waitFor(() => expect(query()).toEqual({ sort: 'lowestFee', minFee: '30' }), { timeout: 15_000 });
    expect(screen.getByLabelText('Sort by')).toHaveValue('lowestFee');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'oldest');
    await user.type(screen.getByLabelText('Location'), 'Block A');
    await waitFor(() => expect(query()).toEqual({ sort: 'oldest', minFee: '30', location: 'Block A' }), {
      timeout: 15_000,
    });
    expect(screen.getByLabelText('Sort by')).toHaveValue('oldest');
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!)).toMatchObject({
        sort: 'oldest',
        minFee: '30',
        location: 'Block A',
      }),
    );
  });

  it('loads more pages with the cursor and moves focus to the first new request', async () => {
    const first = makeRequest({ itemName: 'First item' });
    const second = makeRequest({ itemName: 'Second item' });
    const third = makeRequest({ itemName: 'Third item' });
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor === 'c2'
          ? HttpResponse.json({ requests: [second, third], nextCursor: null })
          : HttpResponse.json({ requests: [first], nextCursor: 'c2' });
      }),
    );
    const { user } = renderApp('/dayscholar/browse-requests', { user: dayscholar });
    expect(await screen.findByText('First item', {}, { timeout: 15_000 })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Load more' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Second item', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The button is gone: focus continues at the first new card, not on <body>.
    await waitFor(() => expect(screen.getByRole('link', { name: /Second item/ })).toHaveFocus());
  });

  it('says so when the next page fails, and Retry loads it', async () => {
    let failNext = true;
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), ({ request }) => {
        if (new URL(request.url).searchParams.get('cursor') !== 'c2')
          return HttpResponse.json({ requests: [makeRequest({ itemName: 'First item' })], nextCursor: 'c2' });
        return failNext
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json({ requests: [makeRequest({ itemName: 'Second item' })], nextCursor: null });
      }),
    );
    const { user } = renderApp('/dayscholar/browse-requests', { user: dayscholar });
    await user.click(await screen.findByRole('button', { name: 'Load more' }, { timeout: 15_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load available requests');
    expect(screen.getByText('First item')).toBeInTheDocument();
    failNext = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Second item')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error with Retry', async () => {
    let fail = true;
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), () =>
        fail
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json({ requests: [makeRequest({ itemName: 'Bread' })], nextCursor: null }),
      ),
    );
    const { user } = renderApp('/dayscholar/browse-requests', { user: dayscholar });
    expect(
      await screen.findByText('Failed to load available requests', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bread', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('filters by pickup place through the URL and shows the fee, the pickup place and the item cost on cards', async () => {
    const calls: URLSearchParams[] = [];
    const veg = makeRequest({
      itemName: 'Vegetables',
      expectedPrice: 40,
      itemCost: 250,
      pickupFrom: 'Katpadi market',
    });
    const pens = makeRequest({ itemName: 'Blue pens', expectedPrice: 60 });
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        calls.push(params);
        const from = params.get('pickupFrom')?.toLowerCase() ?? '';
        const requests = [veg, pens].filter((r) => (r.pickupFrom ?? '').toLowerCase().includes(from));
        return HttpResponse.json({ requests, nextCursor: null });
      }),
    );
    const { user, location } = renderApp('/dayscholar/browse-requests', { user: dayscholar });
    const card = (await screen.findByText('Vegetables', {}, { timeout: 15_000 })).closest('li')!;
    expect(within(card).getByText('Fee ₹40')).toBeInTheDocument();
    expect(within(card).getByText('Items ≈ ₹250')).toBeInTheDocument();
    expect(within(card).getByText('From Katpadi market')).toBeInTheDocument();
    const other = screen.getByText('Blue pens').closest('li')!;
    expect(within(other).getByText('Fee ₹60')).toBeInTheDocument();
    expect(within(other).queryByText(/^Items/)).not.toBeInTheDocument();
    expect(within(other).queryByText(/^From /)).not.toBeInTheDocument();
    // Browse's first call carries no pickup filter (the early-data table relies on it).
    expect(calls[0]!.has('pickupFrom')).toBe(false);

    await user.type(screen.getByLabelText('Pickup place'), 'katpadi');
    await waitFor(() => expect(new URLSearchParams(location().search).get('pickupFrom')).toBe('katpadi'), {
      timeout: 15_000,
    });
    await waitFor(() => expect(calls.at(-1)!.get('pickupFrom')).toBe('katpadi'), { timeout: 15_000 });
    await waitFor(() => expect(screen.queryByText('Blue pens')).not.toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Filters (1 in use)' })).toBeInTheDocument();
  });

  it('saves the search on screen as a search of requests, named after its filters', async () => {
    const sent: unknown[] = [];
    server.use(
      meHandler(dayscholar),
      http.post(api('/saved-searches'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: SAVED_SEARCH_MESSAGES.requestsForDayScholars }, { status: 403 });
      }),
    );
    const { user } = renderApp(
      '/dayscholar/browse-requests?search=milk&location=Block%20A&minFee=20&sort=highestFee',
      { user: dayscholar },
    );
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    expect(dialog).toHaveTextContent('Requests: “milk” · to Block A · fee from ₹20');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue(
      'milk to Block A, fee from ₹20',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    // A refusal that is no field's: the server's words in a toast.
    await waitFor(() => expect(toastTexts()).toContain(SAVED_SEARCH_MESSAGES.requestsForDayScholars));
    expect(sent).toEqual([
      {
        kind: 'requests',
        name: 'milk to Block A, fee from ₹20',
        filters: { search: 'milk', location: 'Block A', minFee: 20, sort: 'highestFee' },
      },
    ]);
  });
});
