import type { Settlement } from '@campusrun/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { sessionStore } from '@/lib/session';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { makeDispute, makeSettlement, makeSummary, payeeRef, settlementCan } from '@/test/settlements';
import { currentSocket } from '@/test/socket';

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

/** The Money tab each state is listed under, as the server filters them. */
const TAB_OF: Record<Settlement['state'], string | null> = {
  proposed: 'open',
  open: 'open',
  paid: 'open',
  settled: 'settled',
  disputed: 'disputed',
  void: null,
};

/** The lists answer these settlements, each under the tab of its state now; `set` changes one (as the server did). */
function listed(...initial: Settlement[]) {
  const current = new Map(initial.map((s) => [s.id, s]));
  server.use(
    summary(),
    http.get(api('/settlements'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const settlements = [...current.values()].filter((s) => TAB_OF[s.state] === status);
      return HttpResponse.json({ settlements, nextCursor: null });
    }),
  );
  return { set: (next: Settlement) => current.set(next.id, next) };
}

const asPayee = { payer: { id: hosteller.id, name: hosteller.name, avatar: null }, payee: payeeRef };

describe('Money follows the member’s own change to another tab', { timeout: 20_000 }, () => {
  it('"Not received" opens a dispute: Disputed opens, says so, and the card is brought into view; the other side’s changes move nothing', async () => {
    const paid = makeSettlement({
      ...asPayee,
      state: 'paid',
      method: 'cash',
      upiUri: null,
      can: settlementCan('receive', 'notReceive'),
    });
    const disputed = { ...paid, state: 'disputed' as const, can: settlementCan() };
    const other = makeSettlement({
      payer: { id: '7e000000-0000-4000-8000-000000000077', name: 'Meera Iyer', avatar: null },
      payee: payeeRef,
      upiUri: null,
      can: settlementCan('receive'),
    });
    const lists = listed(paid, other);
    server.use(
      http.put(api(`/settlements/${paid.id}/not-received`), () => {
        lists.set(disputed);
        return HttpResponse.json({ settlement: disputed });
      }),
    );
    const { user, location } = openMoney(dayscholar);
    const list = await screen.findByRole('list', { name: 'Settlements' }, { timeout: 15_000 });
    const meera = within(list).getByRole('listitem', { name: 'Meera Iyer owes you ₹120' });

    // Meera opens a dispute about hers: it leaves Open, and the member stays where they are.
    const otherDisputed = { ...other, state: 'disputed' as const, can: settlementCan() };
    lists.set(otherDisputed);
    act(() => currentSocket().serverEmit('settlement:updated', { settlement: otherDisputed }));
    await waitFor(() => expect(meera).not.toBeInTheDocument());
    expect(location().search).toBe('');
    expect(screen.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(/^Moved to/)).not.toBeInTheDocument();

    // The member's own "Not received": Disputed follows.
    await user.click(within(list).getByRole('button', { name: 'Not received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Say ₹120 never arrived?' });
    await user.click(within(dialog).getByRole('button', { name: 'Not received' }));

    await waitFor(() => expect(location().search).toBe('?tab=disputed'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Disputed' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByText('Moved to Disputed')).toHaveAttribute('role', 'status');
    const card = await screen.findByRole('listitem', { name: `${hosteller.name} owes you ₹120` });
    await waitFor(() => expect(card).toHaveFocus());
    expect(within(card).getByText('Disputed')).toBeInTheDocument();

    // Picking a tab by hand is the member's own choice: nothing more is said.
    await user.click(screen.getByRole('tab', { name: 'Open' }));
    expect(screen.queryByText('Moved to Disputed')).not.toBeInTheDocument();
  });

  it('withdrawing a dispute puts it back: Open opens with the card', async () => {
    const dispute = makeDispute();
    const disputed = makeSettlement({
      state: 'disputed',
      upiUri: null,
      dispute: { id: dispute.id, status: 'open', outcome: null },
      disputes: [dispute],
      can: settlementCan(),
    });
    const back = {
      ...disputed,
      state: 'open' as const,
      dispute: { id: dispute.id, status: 'withdrawn' as const, outcome: null },
      disputes: [{ ...dispute, status: 'withdrawn' as const, withdrawnAt: '2026-11-21T10:00:00.000Z' }],
      can: settlementCan('pay'),
    };
    const lists = listed(disputed);
    server.use(
      http.put(api(`/disputes/${dispute.id}/withdraw`), () => {
        lists.set(back);
        return HttpResponse.json({ settlement: back });
      }),
    );
    const { user, location } = openMoney(hosteller, '/money?tab=disputed');
    const list = await screen.findByRole('list', { name: 'Settlements' }, { timeout: 15_000 });
    await user.click(within(list).getByRole('button', { name: 'Withdraw dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your dispute?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByText('Moved to Open')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: `You owe ${dayscholar.name} ₹120` });
    await waitFor(() => expect(card).toHaveFocus());
  });
});

describe('Money asks a payee without a UPI ID to add one', { timeout: 20_000 }, () => {
  it('once, above the tabs, naming who could pay in one tap, until the profile has one', async () => {
    const fromAsha = makeSettlement({ ...asPayee, upiUri: null, can: settlementCan('receive', 'remind') });
    const fromMeera = makeSettlement({
      payer: { id: '7e000000-0000-4000-8000-000000000077', name: 'Meera Iyer', avatar: null },
      payee: payeeRef,
      upiUri: null,
      can: settlementCan('receive', 'remind'),
    });
    // Already paid in cash: no UPI ID would change anything for this one.
    const paid = makeSettlement({
      payer: { id: '7e000000-0000-4000-8000-000000000078', name: 'Bala Raman', avatar: null },
      payee: payeeRef,
      state: 'paid',
      method: 'cash',
      upiUri: null,
      can: settlementCan('receive', 'notReceive'),
    });
    server.use(
      summary(),
      http.get(api('/settlements'), () =>
        HttpResponse.json({ settlements: [fromAsha, fromMeera, paid], nextCursor: null }),
      ),
    );
    openMoney(dayscholar);
    const nudge = await screen.findByText(
      'Add your UPI ID so Asha and Meera can pay you in one tap.',
      {},
      { timeout: 15_000 },
    );
    expect(screen.getAllByText(/Add your UPI ID/)).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByText(nudge.textContent!)).toBe(nudge);
    expect(screen.getByRole('link', { name: 'Add UPI ID' })).toHaveAttribute('href', '/profile#upi-id');

    act(() => sessionStore.setUser({ ...dayscholar, upiId: 'ravi@okaxis' }));
    expect(screen.queryByText(/Add your UPI ID/)).not.toBeInTheDocument();
  });

  it('Add UPI ID opens the profile form at the UPI ID', async () => {
    const jsdomScroll = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = () => {};
    onTestFinished(() => {
      Element.prototype.scrollIntoView = jsdomScroll;
    });
    const fromAsha = makeSettlement({ ...asPayee, upiUri: null, can: settlementCan('receive', 'remind') });
    server.use(
      summary(),
      http.get(api('/settlements'), () => HttpResponse.json({ settlements: [fromAsha], nextCursor: null })),
      http.get(api('/users/blocked'), () => HttpResponse.json({ users: [] })),
    );
    const { user, location } = openMoney(dayscholar);
    await user.click(await screen.findByRole('link', { name: 'Add UPI ID' }, { timeout: 15_000 }));
    await waitFor(() => expect(location().pathname).toBe('/profile'));
    expect(location().hash).toBe('#upi-id');
    const field = await screen.findByLabelText('UPI ID (optional)');
    await waitFor(() => expect(field).toHaveFocus());
  });
});
