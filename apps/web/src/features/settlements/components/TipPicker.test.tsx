import { SETTLEMENT_MESSAGES, TIP_WORDS, type Settlement } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { can, makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { makeSettlement, settlementCan, upiUriFor } from '@/test/settlements';
import { paidTip, parseTip, payable, pickedTip } from './tip';

describe('tip rules', () => {
  it('adds the tip to what is owed without stray paise', () => {
    expect(payable({ amount: 100.1, tip: 20 })).toBe(120.1);
    expect(payable({ amount: 0.2, tip: 0 })).toBe(0.2);
  });

  it('once marked paid, the tip that payment covered is what is not still due', () => {
    const due = { amount: 30, upiUri: null };
    expect(paidTip({ state: 'paid', tip: 50, tipDue: due })).toBe(20);
    expect(paidTip({ state: 'paid', tip: 50, tipDue: null })).toBe(50);
    expect(paidTip({ state: 'open', tip: 50, tipDue: null })).toBe(0);
  });

  it('toggles a quick pick: pressed again, the tip goes', () => {
    expect(pickedTip(0, 20)).toBe(20);
    expect(pickedTip(10, 20)).toBe(20);
    expect(pickedTip(20, 20)).toBe(0);
  });

  it('takes whole rupees from ₹0 to ₹500, blank as ₹0, with the shared message otherwise', () => {
    expect(parseTip(' 35 ')).toEqual({ tip: 35 });
    expect(parseTip('')).toEqual({ tip: 0 });
    expect(parseTip('500')).toEqual({ tip: 500 });
    for (const wrong of ['-1', '501', '12.5', 'ten'])
      expect(parseTip(wrong)).toEqual({ error: SETTLEMENT_MESSAGES.tipInvalid });
  });
});

/** A completed request's page with the settlement as `viewer` sees it; PUT …/tip answers with the tip. */
function openWith(viewer: typeof hosteller, overrides: Partial<Settlement>) {
  const request = withDeliverer(
    makeRequest({ itemName: 'Milk and bread', completedAt: new Date().toISOString(), can: can('chat') }),
    'completed',
  );
  const settlement = makeSettlement({
    thing: { id: request.id, title: 'Milk and bread', number: 12 },
    ...overrides,
  });
  const tips: unknown[] = [];
  server.use(
    meHandler(viewer),
    http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
    http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
    http.get(api('/settlements/for'), () => HttpResponse.json({ settlement })),
    http.put(api('/settlements/:id/tip'), async ({ request: req }) => {
      const body = (await req.json()) as { tip: number };
      tips.push(body);
      return HttpResponse.json({
        settlement: { ...settlement, tip: body.tip, upiUri: upiUriFor(settlement.amount + body.tip, 12) },
      });
    }),
  );
  renderApp(`/requests/${request.id}`, { user: viewer });
  return { tips, settlement };
}

const card = async () =>
  within(await screen.findByRole('region', { name: 'Settle up' }, { timeout: 15_000 }));

describe('tip picker', { timeout: 20_000 }, () => {
  it('the payer taps ₹20: it is saved, pressed, in the rows, and the UPI button asks for it', async () => {
    const user = userEvent.setup();
    const { tips } = openWith(hosteller, { can: settlementCan('pay', 'tip') });
    const settle = await card();
    expect(settle.getByRole('link', { name: 'Pay ₹120 with UPI' })).toBeInTheDocument();
    await user.click(settle.getByRole('button', { name: 'Tip ₹20' }));
    await waitFor(() => expect(tips).toEqual([{ tip: 20 }]));
    const pay = await settle.findByRole('link', { name: 'Pay ₹140 with UPI' });
    expect(pay.getAttribute('href')).toContain('&am=140.00&');
    expect(settle.getByRole('button', { name: 'Tip ₹20' })).toHaveAttribute('aria-pressed', 'true');
    expect(settle.getByText('Tip').nextSibling).toHaveTextContent('₹20');
    expect(settle.getByText('Total with tip').nextSibling).toHaveTextContent('₹140');
  });

  it('refuses a custom amount with paise before sending it, and sends a whole one', async () => {
    const user = userEvent.setup();
    const { tips } = openWith(hosteller, { can: settlementCan('pay', 'tip') });
    const settle = await card();
    const field = settle.getByLabelText('Other amount');
    await user.type(field, '12.5');
    await user.click(settle.getByRole('button', { name: 'Set tip' }));
    expect(await settle.findByText(SETTLEMENT_MESSAGES.tipInvalid)).toBeInTheDocument();
    expect(tips).toEqual([]);
    await user.clear(field);
    await user.type(field, '35');
    await user.click(settle.getByRole('button', { name: 'Set tip' }));
    await waitFor(() => expect(tips).toEqual([{ tip: 35 }]));
    expect(await settle.findByRole('link', { name: 'Pay ₹155 with UPI' })).toBeInTheDocument();
  });

  it('the payee sees the tip in the rows, with no picker', async () => {
    openWith(dayscholar, { tip: 50, upiUri: null, can: settlementCan('receive', 'remind', 'dispute') });
    const settle = await card();
    expect(settle.getByText('Tip').nextSibling).toHaveTextContent('₹50');
    expect(settle.getByText('Total with tip').nextSibling).toHaveTextContent('₹170');
    expect(settle.queryByRole('button', { name: /^Tip / })).not.toBeInTheDocument();
  });
});

describe('a tip added after marking it paid', { timeout: 20_000 }, () => {
  const paid = { state: 'paid' as const, method: 'upi' as const, paidAt: '2026-11-20T11:00:00.000Z' };

  it('the payer may only add to the tip they paid, then pays what they added with its own link', async () => {
    const user = userEvent.setup();
    const { tips, settlement } = openWith(hosteller, {
      ...paid,
      tip: 20,
      can: settlementCan('tip', 'dispute'),
    });
    // What the server answers: the part above the ₹20 paid is due, with a link for just it.
    server.use(
      http.put(api('/settlements/:id/tip'), async ({ request: req }) => {
        const body = (await req.json()) as { tip: number };
        tips.push(body);
        return HttpResponse.json({
          settlement: {
            ...settlement,
            tip: body.tip,
            tipDue: { amount: body.tip - 20, upiUri: upiUriFor(body.tip - 20, 12) },
          },
        });
      }),
    );
    const settle = await card();
    expect(settle.getByText(TIP_WORDS.paidHint('₹20'))).toBeInTheDocument();
    expect(settle.queryByRole('link', { name: /^Pay / })).not.toBeInTheDocument();
    // Below what was paid: off, and refused before it is sent.
    expect(settle.getByRole('button', { name: 'Tip ₹10' })).toBeDisabled();
    expect(settle.getByRole('button', { name: 'Tip ₹20' })).toBeDisabled();
    await user.type(settle.getByLabelText('Other amount'), '15');
    await user.click(settle.getByRole('button', { name: 'Set tip' }));
    expect(await settle.findByText(SETTLEMENT_MESSAGES.tipAlreadyPaid)).toBeInTheDocument();
    expect(tips).toEqual([]);

    await user.click(settle.getByRole('button', { name: 'Tip ₹50' }));
    await waitFor(() => expect(tips).toEqual([{ tip: 50 }]));
    const pay = await settle.findByRole('link', { name: 'Pay the ₹30 tip' });
    expect(pay.getAttribute('href')).toContain('&am=30.00&');
    expect(settle.getByText(TIP_WORDS.dueHint('Ravi'))).toBeInTheDocument();
    expect(settle.getByRole('img', { name: TIP_WORDS.dueQr('₹30') })).toBeInTheDocument();
    // Still no second "I paid": the payee's Received covers it.
    expect(settle.queryByRole('button', { name: /I paid/ })).not.toBeInTheDocument();
  });

  it('without a UPI ID, the payer is told to give it in cash', async () => {
    openWith(hosteller, {
      ...paid,
      tip: 50,
      upiUri: null,
      tipDue: { amount: 30, upiUri: null },
      can: settlementCan('tip'),
    });
    const settle = await card();
    expect(settle.getByText(TIP_WORDS.dueCash('Ravi', '₹30'))).toBeInTheDocument();
    expect(settle.queryByRole('link', { name: /Pay the/ })).not.toBeInTheDocument();
    expect(settle.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('the payee is told their Received confirms it too', async () => {
    openWith(dayscholar, {
      ...paid,
      tip: 50,
      tipDue: { amount: 30, upiUri: upiUriFor(30, 12) },
      can: settlementCan('receive', 'notReceive'),
    });
    const settle = await card();
    expect(settle.getByText(TIP_WORDS.dueForPayee('Asha', '₹30'))).toBeInTheDocument();
    expect(settle.getByRole('button', { name: 'Received' })).toBeInTheDocument();
    expect(settle.queryByRole('link', { name: /Pay the/ })).not.toBeInTheDocument();
    expect(settle.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });
});
