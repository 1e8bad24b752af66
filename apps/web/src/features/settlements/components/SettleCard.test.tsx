import type { Settlement } from '@campusrun/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeProduct, seller } from '@/test/products';
import { can, makeRequest, withDeliverer } from '@/test/requests';
import { decodeQrSvg } from '@/test/qr';
import { currentSocket } from '@/test/socket';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { makeSettlement, settlementCan, upiUriFor } from '@/test/settlements';
import { toastTexts } from '@/test/toasts';

const completed = () =>
  withDeliverer(
    makeRequest({ itemName: 'Milk and bread', completedAt: new Date().toISOString(), can: can('chat') }),
    'completed',
  );

/** The request's page, completed, with the given settlement answered for it; the PUTs are recorded. */
function openRequest(viewer: typeof hosteller, settlement: (requestId: string) => Settlement | null) {
  const request = completed();
  const found = settlement(request.id);
  const calls: { path: string; body: unknown }[] = [];
  const lookups: URLSearchParams[] = [];
  server.use(
    meHandler(viewer),
    http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
    http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
    http.get(api('/settlements/for'), ({ request: req }) => {
      lookups.push(new URL(req.url).searchParams);
      return HttpResponse.json({ settlement: found });
    }),
    http.put(api('/settlements/:id/:action'), async ({ params, request: req }) => {
      const body = await req.text();
      calls.push({ path: `${String(params.action)}`, body: body ? JSON.parse(body) : undefined });
      // A reminder moves nothing: the same settlement, Remind off for the day.
      if (params.action === 'remind')
        return HttpResponse.json({ settlement: { ...found!, can: { ...found!.can, remind: false } } });
      const state = params.action === 'paid' ? 'paid' : params.action === 'received' ? 'settled' : 'disputed';
      return HttpResponse.json({
        settlement: {
          ...found!,
          state,
          method: params.action === 'paid' ? 'upi' : found!.method,
          can: settlementCan(),
        },
      });
    }),
  );
  return { ...renderApp(`/requests/${request.id}`, { user: viewer }), request, calls, lookups };
}

const card = async () =>
  within(await screen.findByRole('region', { name: 'Settle up' }, { timeout: 15_000 }));

describe('settle card', { timeout: 20_000 }, () => {
  it('asks for the settlement of a completed request and shows the payer how to pay by UPI', async () => {
    const { request, lookups } = openRequest(hosteller, (id) =>
      makeSettlement({ thing: { id, title: 'Milk and bread', number: 12 } }),
    );
    const settle = await card();
    expect(lookups[0]?.get('kind')).toBe('request');
    expect(lookups[0]?.get('targetId')).toBe(request.id);
    expect(settle.getByText(`You owe ${dayscholar.name} ₹120`)).toBeInTheDocument();
    // What the ₹120 is made of.
    expect(settle.getByText('Items ₹90 (receipt) + Delivery fee ₹30 = ₹120')).toBeInTheDocument();
    expect(settle.getByRole('status')).toHaveTextContent('Not paid yet');
    const pay = settle.getByRole('link', { name: 'Pay ₹120 with UPI' });
    expect(pay).toHaveAttribute(
      'href',
      'upi://pay?pa=ravi%40okaxis&pn=Ravi%20Kumar&am=120.00&cu=INR&tn=CampusRun%20request%20%2312',
    );
    // The QR code is the same link: a UPI app on another phone reads exactly it.
    expect(decodeQrSvg(settle.getByRole('img', { name: 'QR code to pay ₹120 by UPI' }))).toBe(
      upiUriFor(120, 12),
    );
    expect(settle.getByText('Paying from another phone? Scan this with any UPI app.')).toBeInTheDocument();
    expect(settle.getByRole('button', { name: 'I paid' })).toBeInTheDocument();
    expect(settle.getByRole('button', { name: 'I paid in cash' })).toBeInTheDocument();
    expect(settle.getByRole('button', { name: 'Report a problem' })).toBeInTheDocument();
    // Payee actions are not the payer's.
    expect(settle.queryByRole('button', { name: 'Received' })).not.toBeInTheDocument();
  });

  it('after a split ruling says what is owed of the whole', async () => {
    openRequest(hosteller, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        amount: 101,
        breakdown: { items: 172, itemsFrom: 'receipt', fee: 30, total: 202 },
      }),
    );
    const settle = await card();
    expect(
      settle.getByText('Items ₹172 (receipt) + Delivery fee ₹30 = ₹202; ₹101 after the dispute was split'),
    ).toBeInTheDocument();
  });

  it('says a delivery fee alone when no items were bought', async () => {
    openRequest(hosteller, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        amount: 30,
        breakdown: { items: null, itemsFrom: null, fee: 30, total: 30 },
      }),
    );
    expect((await card()).getByText('Delivery fee ₹30')).toBeInTheDocument();
  });

  it('sends method upi for "I paid" after the UPI app, and announces the new state', async () => {
    const { user, calls } = openRequest(hosteller, (id) =>
      makeSettlement({ thing: { id, title: 'Milk and bread', number: 12 } }),
    );
    const settle = await card();
    const pay = settle.getByRole('link', { name: 'Pay ₹120 with UPI' });
    // The UPI app is another application: the test only needs the click, not the navigation.
    pay.addEventListener('click', (event) => event.preventDefault());
    await user.click(pay);
    expect(settle.getByText(/Paid in your UPI app\? Press “I paid”/)).toBeInTheDocument();
    await user.click(settle.getByRole('button', { name: 'I paid' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'paid', body: { method: 'upi' } }]));
    expect(await settle.findByText('Paid, waiting for confirmation (UPI)')).toBeInTheDocument();
    expect(settle.getByRole('status')).toHaveTextContent('Paid, waiting for confirmation');
    expect(settle.queryByRole('button', { name: 'I paid in cash' })).not.toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain('Marked as paid'));
  });

  it('sends method cash for "I paid in cash"; without a UPI ID there is no UPI link nor QR', async () => {
    const { user, calls } = openRequest(hosteller, (id) =>
      makeSettlement({ thing: { id, title: 'Milk and bread', number: 12 }, upiUri: null }),
    );
    const settle = await card();
    expect(settle.queryByRole('link', { name: /with UPI/ })).not.toBeInTheDocument();
    expect(settle.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(settle.queryByRole('button', { name: 'I paid' })).not.toBeInTheDocument();
    expect(
      settle.getByText(
        `${dayscholar.name} has not added a UPI ID. Pay in cash, or ask them in chat how to pay.`,
      ),
    ).toBeInTheDocument();
    await user.click(settle.getByRole('button', { name: 'I paid in cash' }));
    // It asks first: Cancel sends nothing.
    const ask = await screen.findByRole('dialog', { name: `Say you paid ${dayscholar.name} ₹120 in cash?` });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    await user.click(settle.getByRole('button', { name: 'I paid in cash' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'I paid in cash' }),
    );
    await waitFor(() => expect(calls).toEqual([{ path: 'paid', body: { method: 'cash' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives the payee Received, and Not received behind a confirmation once it is marked paid', async () => {
    const { user, calls } = openRequest(dayscholar, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        state: 'paid',
        method: 'cash',
        upiUri: null,
        can: settlementCan('receive', 'notReceive', 'dispute'),
      }),
    );
    const settle = await card();
    expect(settle.getByText(`${hosteller.name} owes you ₹120`)).toBeInTheDocument();
    expect(settle.getByRole('status')).toHaveTextContent('Paid, waiting for confirmation (cash)');
    expect(settle.queryByRole('button', { name: 'I paid in cash' })).not.toBeInTheDocument();
    expect(settle.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();

    await user.click(settle.getByRole('button', { name: 'Not received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Say ₹120 never arrived?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(settle.getByRole('button', { name: 'Not received' }));
    const again = await screen.findByRole('dialog', { name: 'Say ₹120 never arrived?' });
    await user.click(within(again).getByRole('button', { name: 'Not received' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'not-received', body: undefined }]));
    await waitFor(() =>
      expect(settle.getByRole('status')).toHaveTextContent('Disputed. A moderator will decide.'),
    );
    expect(settle.queryByRole('button', { name: 'Received' })).not.toBeInTheDocument();
  });

  it('lets the payee confirm it was received: settled, no more actions', async () => {
    const { user, calls } = openRequest(dayscholar, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        upiUri: null,
        can: settlementCan('receive'),
      }),
    );
    const settle = await card();
    expect(settle.queryByRole('button', { name: 'Not received' })).not.toBeInTheDocument();
    expect(settle.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    await user.click(settle.getByRole('button', { name: 'Received' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'received', body: undefined }]));
    await waitFor(() => expect(settle.getByRole('status')).toHaveTextContent(/^Settled$/));
    expect(settle.queryByRole('button', { name: 'Received' })).not.toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain('Marked as received'));
  });

  it('lets the payee remind the payer while it is unpaid, once: the toast, then Remind is gone', async () => {
    const { user, calls } = openRequest(dayscholar, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        upiUri: null,
        can: settlementCan('receive', 'remind', 'dispute'),
      }),
    );
    const settle = await card();
    expect(settle.getByText(`${hosteller.name} owes you ₹120`)).toBeInTheDocument();
    await user.click(settle.getByRole('button', { name: `Remind ${hosteller.name}` }));
    await waitFor(() => expect(calls).toEqual([{ path: 'remind', body: undefined }]));
    await waitFor(() => expect(toastTexts()).toContain('Reminder sent to Asha'));
    await waitFor(() =>
      expect(settle.queryByRole('button', { name: `Remind ${hosteller.name}` })).not.toBeInTheDocument(),
    );
    // Still open: the payee may still say it arrived.
    expect(settle.getByRole('status')).toHaveTextContent('Not paid yet');
    expect(settle.getByRole('button', { name: 'Received' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('never offers Remind to the payer', async () => {
    openRequest(hosteller, (id) => makeSettlement({ thing: { id, title: 'Milk and bread', number: 12 } }));
    const settle = await card();
    expect(settle.getByRole('button', { name: 'I paid in cash' })).toBeInTheDocument();
    expect(settle.queryByRole('button', { name: /Remind/ })).not.toBeInTheDocument();
  });

  it('follows the other side live: the payer sees the payee confirm it, without a reload', async () => {
    let settlement: Settlement | undefined;
    const { lookups } = openRequest(hosteller, (id) => {
      settlement = makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        state: 'paid',
        can: settlementCan('dispute'),
      });
      return settlement;
    });
    const settle = await card();
    expect(settle.getByRole('status')).toHaveTextContent('Paid, waiting for confirmation');
    currentSocket().serverEmit('settlement:updated', {
      settlement: {
        ...settlement!,
        state: 'settled',
        settledAt: '2026-11-21T09:30:00.000Z',
        can: settlementCan(),
      },
    });
    await waitFor(() => expect(settle.getByRole('status')).toHaveTextContent(/^Settled on /));
    expect(settle.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    expect(lookups).toHaveLength(1);
  });

  it('asks a payee without a UPI ID to add one, once, and stops asking as soon as they have one', async () => {
    openRequest(dayscholar, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        upiUri: null,
        can: settlementCan('receive', 'remind', 'dispute'),
      }),
    );
    const settle = await card();
    expect(settle.getAllByText('Add your UPI ID so Asha can pay you in one tap.')).toHaveLength(1);
    expect(settle.getByRole('link', { name: 'Add UPI ID' })).toHaveAttribute('href', '/profile#upi-id');

    // Added (here or on another tab of this device): the card stops asking at once.
    act(() => sessionStore.setUser({ ...dayscholar, upiId: 'ravi@okaxis' }));
    expect(settle.queryByText(/Add your UPI ID/)).not.toBeInTheDocument();
    expect(settle.queryByRole('link', { name: 'Add UPI ID' })).not.toBeInTheDocument();
  });

  it('asks only while a UPI ID would help: not once the money is marked paid, nor the payer', async () => {
    const open = openRequest(dayscholar, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        upiUri: null,
        can: settlementCan('receive'),
      }),
    );
    expect(await (await card()).findByText(/Add your UPI ID/)).toBeInTheDocument();
    open.unmount();

    const paid = openRequest(dayscholar, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        state: 'paid',
        method: 'cash',
        upiUri: null,
        can: settlementCan('receive', 'notReceive'),
      }),
    );
    expect((await card()).getByRole('button', { name: 'Received' })).toBeInTheDocument();
    expect(screen.queryByText(/Add your UPI ID/)).not.toBeInTheDocument();
    paid.unmount();

    openRequest(hosteller, (id) =>
      makeSettlement({ thing: { id, title: 'Milk and bread', number: 12 }, upiUri: null }),
    );
    expect((await card()).getByRole('button', { name: 'I paid in cash' })).toBeInTheDocument();
    expect(screen.queryByText(/Add your UPI ID/)).not.toBeInTheDocument();
  });

  it('shows a refusal and the settlement as it is now when the other side acted first', async () => {
    const request = completed();
    const open = makeSettlement({ thing: { id: request.id, title: 'Milk and bread', number: 12 } });
    let current: Settlement = open;
    server.use(
      meHandler(hosteller),
      http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.get(api('/settlements/for'), () => HttpResponse.json({ settlement: current })),
      http.put(api('/settlements/:id/paid'), () => {
        current = { ...open, state: 'settled', settledAt: new Date().toISOString(), can: settlementCan() };
        return HttpResponse.json(
          { code: 'CONFLICT', reason: 'alreadySettled', message: 'This is already settled' },
          { status: 409 },
        );
      }),
    );
    const { user } = renderApp(`/requests/${request.id}`, { user: hosteller });
    const settle = await card();
    await user.click(settle.getByRole('button', { name: 'I paid in cash' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'I paid in cash' }),
    );
    await waitFor(() => expect(toastTexts()).toContain('This is already settled'));
    await waitFor(() => expect(settle.getByRole('status')).toHaveTextContent(/^Settled on /));
    expect(settle.getByText(`You owed ${dayscholar.name} ₹120`)).toBeInTheDocument();
    expect(settle.queryByRole('button', { name: 'I paid in cash' })).not.toBeInTheDocument();
  });

  it('shows nothing to someone who is not one of the two', async () => {
    const { lookups } = openRequest(hosteller, () => null);
    await screen.findByRole('heading', { level: 2, name: 'Milk and bread' }, { timeout: 15_000 });
    await waitFor(() => expect(lookups).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Settle up' })).not.toBeInTheDocument();
  });

  it('does not look for a settlement before the request is completed', async () => {
    const request = withDeliverer(makeRequest({ itemName: 'Eggs', can: can('chat') }));
    let lookups = 0;
    server.use(
      meHandler(hosteller),
      http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.get(api('/settlements/for'), () => {
        lookups += 1;
        return HttpResponse.json({ settlement: makeSettlement() });
      }),
    );
    renderApp(`/requests/${request.id}`, { user: hosteller });
    await screen.findByRole('heading', { level: 2, name: 'Eggs' }, { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lookups).toBe(0);
    expect(screen.queryByRole('region', { name: 'Settle up' })).not.toBeInTheDocument();
  });

  it('is on a sold product page for its buyer, asked for as a sale', async () => {
    const product = makeProduct({ name: 'Desk lamp', status: 'sold' });
    const kinds: (string | null)[] = [];
    server.use(
      meHandler(dayscholar),
      http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.get(api('/settlements/for'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        kinds.push(params.get('kind'));
        return HttpResponse.json({
          settlement: makeSettlement({
            kind: 'sale',
            thing: { id: params.get('targetId'), title: 'Desk lamp', number: null },
            amount: 450,
            payer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
            payee: { id: seller.id, name: seller.name, avatar: null },
            upiUri: null,
            can: settlementCan('pay'),
          }),
        });
      }),
    );
    renderApp(`/products/${product.id}`, { user: dayscholar });
    const settle = await card();
    expect(kinds).toEqual(['sale']);
    expect(settle.getByText(`You owe ${seller.name} ₹450`)).toBeInTheDocument();
    expect(settle.getByRole('button', { name: 'I paid in cash' })).toBeInTheDocument();
  });
});

describe('settle card: answers the payer gives', { timeout: 20_000 }, () => {
  /** A sold product's page for its buyer, its sale proposed by the seller; the PUTs are recorded. */
  function openProposedSale() {
    const product = makeProduct({ name: 'Desk lamp', status: 'sold' });
    const calls: string[] = [];
    const proposed = makeSettlement({
      kind: 'sale',
      thing: { id: product.id, title: 'Desk lamp', number: null },
      amount: 450,
      payer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
      payee: { id: seller.id, name: seller.name, avatar: null },
      state: 'proposed',
      upiUri: null,
      can: settlementCan('confirm', 'decline'),
    });
    server.use(
      meHandler(dayscholar),
      http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.get(api('/settlements/for'), () => HttpResponse.json({ settlement: proposed })),
      // The buyer may review the seller once they have confirmed the sale.
      http.get(api(`/products/${product.id}/reviews`), () =>
        HttpResponse.json({
          buyer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
          reviews: [],
          canReview: calls.includes('confirm')
            ? { ratingType: 'buyer_to_seller', user: { id: seller.id, name: seller.name, avatar: null } }
            : null,
        }),
      ),
      http.put(api('/settlements/:id/:action'), ({ params }) => {
        calls.push(String(params.action));
        const state = params.action === 'confirm' ? 'open' : 'void';
        return HttpResponse.json({
          settlement: {
            ...proposed,
            state,
            can: settlementCan(...(state === 'open' ? (['pay'] as const) : [])),
          },
        });
      }),
    );
    return { ...renderApp(`/products/${product.id}`, { user: dayscholar }), calls };
  }

  it('finding 2: the buyer of a proposed sale confirms "I bought Desk lamp for ₹450"', async () => {
    const { user, calls } = openProposedSale();
    const settle = await card();
    expect(settle.getByText(`${seller.name} says you bought Desk lamp for ₹450`)).toBeInTheDocument();
    expect(settle.getByRole('status')).toHaveTextContent('Nothing is owed until you confirm');
    expect(settle.queryByRole('button', { name: 'I paid in cash' })).not.toBeInTheDocument();
    await user.click(settle.getByRole('button', { name: 'I bought Desk lamp for ₹450' }));
    await waitFor(() => expect(calls).toEqual(['confirm']));
    await waitFor(() => expect(settle.getByRole('button', { name: 'I paid in cash' })).toBeInTheDocument());
    await waitFor(() => expect(toastTexts()).toContain('Sale confirmed'));
    // Confirmed: the buyer may now review the seller, without waiting for the live event.
    expect(await screen.findByRole('button', { name: `Review ${seller.name}` })).toBeInTheDocument();
  });

  it('finding 2: "I didn\'t buy this" asks first, then calls the sale off', async () => {
    const { user, calls } = openProposedSale();
    const settle = await card();
    await user.click(settle.getByRole('button', { name: 'I didn’t buy this' }));
    const dialog = await screen.findByRole('dialog', { name: "Say you didn't buy Desk lamp?" });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'I didn’t buy this' }));
    await waitFor(() => expect(calls).toEqual(['decline']));
    await waitFor(() => expect(settle.getByRole('status')).toHaveTextContent('Called off'));
  });

  it('finding 3: the requester sees the receipt above the estimate and accepts it', async () => {
    const { user, calls } = openRequest(hosteller, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        amount: 100,
        itemCost: { claimed: 150, estimated: 80 },
        can: settlementCan('acceptCost', 'dispute'),
      }),
    );
    const settle = await card();
    expect(
      settle.getByText(
        `${dayscholar.name} says the items cost ₹150 (you estimated ₹80). Accept adds the difference to what you owe.`,
      ),
    ).toBeInTheDocument();
    expect(settle.getByRole('button', { name: 'Dispute' })).toBeInTheDocument();
    expect(settle.queryByRole('button', { name: 'I paid in cash' })).not.toBeInTheDocument();
    await user.click(settle.getByRole('button', { name: 'Accept ₹150' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'accept-cost', body: undefined }]));
  });
});

describe('settle card offline', { timeout: 20_000 }, () => {
  const OFFLINE = 'You’re offline. Try again when you’re back online.';
  afterEach(() => onlineManager.setOnline(true));
  const goOffline = () => act(() => onlineManager.setOnline(false));
  const goOnline = () => act(() => onlineManager.setOnline(true));

  it('offline, the payer cannot pay or report: every action is off, the reason said once', async () => {
    const { user, calls } = openRequest(hosteller, (id) =>
      makeSettlement({ thing: { id, title: 'Milk and bread', number: 12 } }),
    );
    const settle = await card();
    goOffline();

    // The UPI link cannot be disabled: offline it is a button that is off.
    expect(settle.queryByRole('link', { name: 'Pay ₹120 with UPI' })).not.toBeInTheDocument();
    for (const name of ['Pay ₹120 with UPI', 'I paid', 'I paid in cash', 'Report a problem']) {
      const button = settle.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(OFFLINE);
    }
    expect(settle.getAllByText(OFFLINE)).toHaveLength(1);
    await user.click(settle.getByRole('button', { name: 'I paid' }));
    await user.click(settle.getByRole('button', { name: 'I paid in cash' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    goOnline();
    expect(settle.queryByText(OFFLINE)).not.toBeInTheDocument();
    expect(settle.getByRole('link', { name: 'Pay ₹120 with UPI' })).toHaveAttribute(
      'href',
      upiUriFor(120, 12),
    );
    expect(settle.getByRole('button', { name: 'I paid in cash' })).toBeEnabled();
    await user.click(settle.getByRole('button', { name: 'I paid' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'paid', body: { method: 'upi' } }]));
  });

  it('offline, the payee cannot say it was received or not', async () => {
    const { user, calls } = openRequest(dayscholar, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        state: 'paid',
        method: 'cash',
        upiUri: null,
        can: settlementCan('receive', 'notReceive', 'dispute'),
      }),
    );
    const settle = await card();
    goOffline();
    for (const name of ['Received', 'Not received', 'Report a problem']) {
      const button = settle.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(OFFLINE);
    }
    expect(settle.getAllByText(OFFLINE)).toHaveLength(1);
    await user.click(settle.getByRole('button', { name: 'Received' }));
    expect(calls).toEqual([]);

    goOnline();
    expect(settle.queryByText(OFFLINE)).not.toBeInTheDocument();
    await user.click(settle.getByRole('button', { name: 'Received' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'received', body: undefined }]));
  });

  it('offline, the payee cannot remind the payer', async () => {
    const { user, calls } = openRequest(dayscholar, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        upiUri: null,
        can: settlementCan('receive', 'remind'),
      }),
    );
    const settle = await card();
    goOffline();
    for (const name of ['Received', `Remind ${hosteller.name}`]) {
      const button = settle.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(OFFLINE);
    }
    expect(settle.getAllByText(OFFLINE)).toHaveLength(1);
    await user.click(settle.getByRole('button', { name: `Remind ${hosteller.name}` }));
    expect(calls).toEqual([]);

    goOnline();
    await user.click(settle.getByRole('button', { name: `Remind ${hosteller.name}` }));
    await waitFor(() => expect(calls).toEqual([{ path: 'remind', body: undefined }]));
  });

  it('going offline with "I paid in cash" being confirmed turns its confirmation off until back online', async () => {
    const { user, calls } = openRequest(hosteller, (id) =>
      makeSettlement({ thing: { id, title: 'Milk and bread', number: 12 }, upiUri: null }),
    );
    const settle = await card();
    await user.click(settle.getByRole('button', { name: 'I paid in cash' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: `Say you paid ${dayscholar.name} ₹120 in cash?` }),
    );
    goOffline();
    const confirm = dialog.getByRole('button', { name: 'I paid in cash' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(OFFLINE);
    expect(dialog.getByText(OFFLINE)).toBeInTheDocument();
    await user.click(confirm);
    expect(calls).toEqual([]);

    goOnline();
    expect(dialog.queryByText(OFFLINE)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'I paid in cash' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'paid', body: { method: 'cash' } }]));
  });

  it('offline, the buyer of a proposed sale can neither confirm nor decline it', async () => {
    const product = makeProduct({ name: 'Desk lamp', status: 'sold' });
    const calls: string[] = [];
    const proposed = makeSettlement({
      kind: 'sale',
      thing: { id: product.id, title: 'Desk lamp', number: null },
      amount: 450,
      payer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
      payee: { id: seller.id, name: seller.name, avatar: null },
      state: 'proposed',
      upiUri: null,
      can: settlementCan('confirm', 'decline'),
    });
    server.use(
      meHandler(dayscholar),
      http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.get(api('/settlements/for'), () => HttpResponse.json({ settlement: proposed })),
      http.put(api('/settlements/:id/:action'), ({ params }) => {
        calls.push(String(params.action));
        return HttpResponse.json({ settlement: { ...proposed, state: 'open', can: settlementCan('pay') } });
      }),
    );
    const { user } = renderApp(`/products/${product.id}`, { user: dayscholar });
    const settle = await card();
    goOffline();
    for (const name of ['I bought Desk lamp for ₹450', 'I didn’t buy this']) {
      const button = settle.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(OFFLINE);
    }
    expect(settle.getAllByText(OFFLINE)).toHaveLength(1);
    await user.click(settle.getByRole('button', { name: 'I bought Desk lamp for ₹450' }));
    await user.click(settle.getByRole('button', { name: 'I didn’t buy this' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    goOnline();
    expect(settle.queryByText(OFFLINE)).not.toBeInTheDocument();
    await user.click(settle.getByRole('button', { name: 'I bought Desk lamp for ₹450' }));
    await waitFor(() => expect(calls).toEqual(['confirm']));
  });
});
