import { SETTLEMENT_MESSAGES, type Settlement } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { can, makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { makeSettlement, settlementCan, upiUriFor } from '@/test/settlements';
import { parseTip, payable, pickedTip } from './tip';

describe('tip rules', () => {
  it('adds the tip to what is owed without stray paise', () => {
    expect(payable({ amount: 100.1, tip: 20 })).toBe(120.1);
    expect(payable({ amount: 0.2, tip: 0 })).toBe(0.2);
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
  return { tips };
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
