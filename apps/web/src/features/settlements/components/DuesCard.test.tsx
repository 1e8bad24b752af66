import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { makeSettlement, settlementCan } from '@/test/settlements';

const money = async () => within(await screen.findByRole('region', { name: 'Money' }, { timeout: 15_000 }));

describe("Home's money card", { timeout: 20_000 }, () => {
  it('says what the hosteller owes and is owed, newest three, each with its next step on its page', async () => {
    const owes = makeSettlement({
      thing: { id: '9e900000-0000-4000-8000-00000000a001', title: 'Milk', number: 7 },
    });
    const paidToMe = makeSettlement({
      kind: 'sale',
      thing: { id: '0a1b2c3d-0000-4000-8000-00000000b001', title: 'Desk lamp', number: null },
      amount: 450,
      payer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
      payee: { id: hosteller.id, name: hosteller.name, avatar: null },
      state: 'paid',
      method: 'cash',
      can: settlementCan('receive', 'notReceive'),
    });
    // Owed to the hosteller, not yet said to be paid; and one more than Home shows.
    const older = [1, 2].map((n) =>
      makeSettlement({
        thing: { id: `9e900000-0000-4000-8000-00000000c00${n}`, title: `Item ${n}`, number: n },
        payer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
        payee: { id: hosteller.id, name: hosteller.name, avatar: null },
        can: settlementCan('receive', 'dispute'),
      }),
    );
    const asked: string[] = [];
    server.use(
      meHandler(hosteller),
      http.get(api('/settlements'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ settlements: [owes, paidToMe, ...older], nextCursor: null });
      }),
    );
    renderApp('/hosteller/dashboard', { user: hosteller });
    const card = await money();

    expect(asked).toEqual(['?status=open&limit=20']);
    const rows = card.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(`You owe ${dayscholar.name} ₹120`);
    expect(
      within(rows[0]!).getByRole('link', { name: `Pay: You owe ${dayscholar.name} ₹120` }),
    ).toHaveAttribute('href', `/requests/${owes.thing.id}`);
    expect(rows[1]).toHaveTextContent(`${dayscholar.name} owes you ₹450`);
    expect(
      within(rows[1]!).getByRole('link', { name: `Confirm: ${dayscholar.name} owes you ₹450` }),
    ).toHaveAttribute('href', `/products/${paidToMe.thing.id}`);
    // Owed and not yet said to be paid: nothing to do but look.
    expect(
      within(rows[2]!).getByRole('link', { name: `View: ${dayscholar.name} owes you ₹120` }),
    ).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'All money owed' })).toHaveAttribute('href', '/money');
  });

  it('is not there when nothing is open', async () => {
    server.use(meHandler(dayscholar));
    renderApp('/dayscholar/dashboard', { user: dayscholar });
    expect(await screen.findByText('Pending deliveries', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Money' })).not.toBeInTheDocument();
  });
});
