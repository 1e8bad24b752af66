import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { makeSettlement, makeSummary, payeeRef, settlementCan } from '@/test/settlements';

function openMoney(viewer: typeof hosteller, path = '/money') {
  server.use(meHandler(viewer));
  return renderApp(path, { user: viewer });
}

const emptyLists = () =>
  http.get(api('/settlements'), () => HttpResponse.json({ settlements: [], nextCursor: null }));
const summary = (body = makeSummary()) =>
  http.get(api('/settlements/summary'), () => HttpResponse.json(body));

describe('Money screen', { timeout: 20_000 }, () => {
  it('shows skeletons, then the totals, who owes whom per person, and the open settlements', async () => {
    const owed = makeSettlement();
    const sale = makeSettlement({
      kind: 'sale',
      thing: { id: '4a000000-0000-4000-8000-000000000001', title: 'Desk lamp', number: null },
      amount: 450.5,
      payer: payeeRef,
      payee: { id: hosteller.id, name: hosteller.name, avatar: null },
      state: 'paid',
      method: 'upi',
      upiUri: null,
      can: settlementCan('receive', 'notReceive'),
    });
    const statuses: (string | null)[] = [];
    server.use(
      http.get(api('/settlements/summary'), async () => {
        await delay(100);
        return HttpResponse.json(
          makeSummary({
            youOwe: 120,
            owedToYou: 450.5,
            byPerson: [{ user: payeeRef, youOwe: 120, owedToYou: 450.5 }],
          }),
        );
      }),
      http.get(api('/settlements'), async ({ request }) => {
        statuses.push(new URL(request.url).searchParams.get('status'));
        await delay(100);
        return HttpResponse.json({ settlements: [owed, sale], nextCursor: null });
      }),
    );
    openMoney(hosteller);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Money' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('summary-skeleton')).toBeInTheDocument();
    expect(screen.getByTestId('settlement-skeletons')).toBeInTheDocument();

    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    expect(await totals.findByText('₹120')).toBeInTheDocument();
    expect(totals.getByText('You owe').nextSibling).toHaveTextContent('₹120');
    expect(totals.getByText('You owe').nextSibling).toHaveClass('text-red-700');
    expect(totals.getByText('Owed to you').nextSibling).toHaveTextContent('₹450.50');
    const person = within(totals.getByRole('list'));
    expect(person.getByRole('link', { name: dayscholar.name })).toHaveAttribute(
      'href',
      `/users/${dayscholar.id}`,
    );
    expect(person.getByText('You owe ₹120')).toBeInTheDocument();
    expect(person.getByText('Owes you ₹450.50')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Settlements' });
    expect(statuses).toEqual(['open']);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(
      within(first).getByRole('heading', { name: `You owe ${dayscholar.name} ₹120` }),
    ).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Request #12 · Milk and bread' })).toHaveAttribute(
      'href',
      `/requests/${owed.thing.id}`,
    );
    expect(within(first).getByText('Not paid yet')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Pay ₹120 with UPI' })).toHaveAttribute(
      'href',
      owed.upiUri,
    );
    expect(within(first).getByRole('button', { name: 'I paid in cash' })).toBeInTheDocument();

    expect(
      within(second).getByRole('heading', { name: `${dayscholar.name} owes you ₹450.50` }),
    ).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Sale of Desk lamp' })).toHaveAttribute(
      'href',
      `/products/${sale.thing.id}`,
    );
    expect(within(second).getByText('Paid, waiting for confirmation')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Received' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Not received' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'I paid in cash' })).not.toBeInTheDocument();
  });

  it('says so on each tab when there is nothing, asking for that state', async () => {
    const statuses: (string | null)[] = [];
    server.use(
      summary(),
      http.get(api('/settlements'), ({ request }) => {
        statuses.push(new URL(request.url).searchParams.get('status'));
        return HttpResponse.json({ settlements: [], nextCursor: null });
      }),
    );
    const { user, location } = openMoney(dayscholar);
    expect(await screen.findByText('Nothing to settle', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Settled' }));
    expect(await screen.findByText('Nothing settled yet')).toBeInTheDocument();
    expect(location().search).toBe('?tab=settled');
    await user.click(screen.getByRole('tab', { name: 'Disputed' }));
    expect(await screen.findByText('No disputes')).toBeInTheDocument();
    expect(statuses).toEqual(['open', 'settled', 'disputed']);
    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    expect(totals.getByText('You owe').nextSibling).toHaveTextContent('₹0');
    // Nothing owed is not said in the colour of a debt.
    expect(totals.getByText('You owe').nextSibling).not.toHaveClass('text-red-700');
  });

  it('shows an error with Retry for the list and for the totals, which load again', async () => {
    let listCalls = 0;
    let summaryCalls = 0;
    server.use(
      http.get(api('/settlements/summary'), () => {
        summaryCalls += 1;
        return summaryCalls === 1
          ? HttpResponse.json({ code: 'INTERNAL', message: 'Boom' }, { status: 500 })
          : HttpResponse.json(makeSummary({ owedToYou: 80 }));
      }),
      http.get(api('/settlements'), () => {
        listCalls += 1;
        return listCalls === 1
          ? HttpResponse.json({ code: 'INTERNAL', message: 'Boom' }, { status: 500 })
          : HttpResponse.json({ settlements: [makeSettlement()], nextCursor: null });
      }),
    );
    const { user } = openMoney(hosteller);
    expect(
      await screen.findByText('Failed to load what you owe', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Failed to load settlements')).toBeInTheDocument();
    const [retryTotals, retryList] = screen.getAllByRole('button', { name: 'Retry' });
    await user.click(retryTotals);
    expect(await screen.findByText('₹80')).toBeInTheDocument();
    await user.click(retryList);
    expect(await screen.findByRole('list', { name: 'Settlements' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `You owe ${dayscholar.name} ₹120` })).toBeInTheDocument();
  });

  it('loads more with the cursor and moves focus to the first new card', async () => {
    const first = makeSettlement();
    const next = makeSettlement({
      thing: { id: '9e900000-0000-4000-8000-00000000abcd', title: 'Eggs', number: 40 },
    });
    const cursors: (string | null)[] = [];
    server.use(
      summary(),
      http.get(api('/settlements'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return HttpResponse.json(
          cursor ? { settlements: [next], nextCursor: null } : { settlements: [first], nextCursor: 'c1' },
        );
      }),
    );
    const { user } = openMoney(hosteller);
    await screen.findByRole('list', { name: 'Settlements' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const link = await screen.findByRole('link', { name: 'Request #40 · Eggs' });
    expect(cursors).toEqual([null, 'c1']);
    await waitFor(() => expect(link).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('finding 2: deleting the product does not hide the dispute: the buyer reports a problem from the settlement', async () => {
    const sale = makeSettlement({
      kind: 'sale',
      thing: { id: null, title: 'Desk lamp', number: null },
      payer: { id: hosteller.id, name: hosteller.name, avatar: null },
      payee: payeeRef,
      state: 'settled',
      upiUri: null,
      can: settlementCan('dispute'),
    });
    let current = sale;
    const sent: unknown[] = [];
    server.use(
      summary(),
      http.get(api('/settlements'), () => HttpResponse.json({ settlements: [current], nextCursor: null })),
      http.post(api(`/settlements/${sale.id}/dispute`), async ({ request }) => {
        sent.push(await request.json());
        current = { ...sale, state: 'disputed', can: settlementCan() };
        return HttpResponse.json({ dispute: { id: 'd1' } }, { status: 201 });
      }),
    );
    const { user } = openMoney(hosteller, '/money?tab=settled');
    const list = await screen.findByRole('list', { name: 'Settlements' }, { timeout: 15_000 });
    const card = within(within(list).getByRole('listitem'));
    // No link to a product that is gone, but the problem can still be reported.
    expect(card.getByText('Sale of Desk lamp')).toBeInTheDocument();
    expect(card.queryByRole('link', { name: 'Sale of Desk lamp' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Report a problem' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a problem' }));
    await user.selectOptions(dialog.getByLabelText('Reason'), 'Damaged');
    await user.type(dialog.getByLabelText('What went wrong'), 'It does not switch on');
    await user.click(dialog.getByRole('button', { name: 'Open dispute' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'damaged', details: 'It does not switch on' }]));
    await waitFor(() =>
      expect(card.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument(),
    );
  });

  it('is in the menu of both roles, with its Wallet icon', async () => {
    server.use(summary(), emptyLists());
    openMoney(hosteller, '/trips');
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 15_000 });
    expect(within(nav).getByRole('link', { name: 'Money' })).toHaveAttribute('href', '/money');
  });

  it("is in the day scholars' menu too", async () => {
    server.use(summary(), emptyLists());
    openMoney(dayscholar, '/trips');
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 15_000 });
    expect(within(nav).getByRole('link', { name: 'Money' })).toHaveAttribute('href', '/money');
  });
});

describe('Money screen offline', { timeout: 20_000 }, () => {
  const OFFLINE = 'You’re offline. Try again when you’re back online.';
  afterEach(() => onlineManager.setOnline(true));

  it("offline, each settlement's money actions are off, with the reason once per settlement", async () => {
    const owed = makeSettlement({ upiUri: null });
    const paidToMe = makeSettlement({
      kind: 'sale',
      thing: { id: '4a000000-0000-4000-8000-000000000002', title: 'Desk lamp', number: null },
      payer: payeeRef,
      payee: { id: hosteller.id, name: hosteller.name, avatar: null },
      state: 'paid',
      method: 'cash',
      upiUri: null,
      can: settlementCan('receive', 'notReceive'),
    });
    const sent: string[] = [];
    server.use(
      summary(),
      http.get(api('/settlements'), () =>
        HttpResponse.json({ settlements: [owed, paidToMe], nextCursor: null }),
      ),
      http.put(api('/settlements/:id/:action'), ({ params }) => {
        sent.push(String(params.action));
        return HttpResponse.json({ settlement: { ...paidToMe, state: 'settled', can: settlementCan() } });
      }),
    );
    const { user } = openMoney(hosteller);
    const list = await screen.findByRole('list', { name: 'Settlements' }, { timeout: 15_000 });
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .map((item) => within(item));
    act(() => onlineManager.setOnline(false));

    for (const [card, names] of [
      [first, ['I paid in cash', 'Report a problem']],
      [second, ['Received', 'Not received']],
    ] as const) {
      for (const name of names) {
        expect(card.getByRole('button', { name })).toBeDisabled();
        expect(card.getByRole('button', { name })).toHaveAccessibleDescription(OFFLINE);
      }
      expect(card.getAllByText(OFFLINE)).toHaveLength(1);
    }
    await user.click(second.getByRole('button', { name: 'Received' }));
    expect(sent).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
    await user.click(second.getByRole('button', { name: 'Received' }));
    await waitFor(() => expect(sent).toEqual(['received']));
  });
});
