import type { Settlement } from '@campusrun/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { makeDispute, makeSettlement, settlementCan } from '@/test/settlements';
import { toastTexts } from '@/test/toasts';

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

  it('says how a dispute ended instead of a bare state', async () => {
    const split = makeDispute({
      status: 'resolved',
      outcome: 'split',
      note: 'Half each',
      resolvedAt: '2026-11-22T10:00:00.000Z',
    });
    const withdrawn = makeDispute({ status: 'withdrawn', withdrawnAt: '2026-11-22T10:00:00.000Z' });
    server.use(
      meHandler(hosteller),
      http.get(api('/settlements'), () =>
        HttpResponse.json({
          settlements: [
            makeSettlement({
              amount: 60,
              dispute: { id: split.id, status: 'resolved', outcome: 'split' },
              disputes: [split],
            }),
            makeSettlement({
              dispute: { id: withdrawn.id, status: 'withdrawn', outcome: null },
              disputes: [withdrawn],
            }),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderApp('/hosteller/dashboard', { user: hosteller });
    const rows = (await money()).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Split: ₹60 is owed');
    expect(rows[0]).not.toHaveTextContent('Not paid yet');
    expect(rows[1]).toHaveTextContent('Withdrawn by you · Not paid yet');
  });

  it('is not there when nothing is open', async () => {
    server.use(meHandler(dayscholar));
    renderApp('/dayscholar/dashboard', { user: dayscholar });
    expect(await screen.findByText('Pending deliveries', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Money' })).not.toBeInTheDocument();
  });
});

describe("Home's money card: Remind", { timeout: 20_000 }, () => {
  afterEach(() => onlineManager.setOnline(true));

  /**
   * The hosteller's Home with one settlement of each side: Ravi owes them ₹120 for Milk (not paid, so
   * they may remind him) and they owe Ravi ₹450 for a Desk lamp. The reminders sent are recorded.
   */
  function owedHome() {
    let owedToMe: Settlement = makeSettlement({
      thing: { id: '9e900000-0000-4000-8000-00000000d001', title: 'Milk', number: 7 },
      payer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
      payee: { id: hosteller.id, name: hosteller.name, avatar: null },
      can: settlementCan('receive', 'remind', 'dispute'),
    });
    const iOwe = makeSettlement({
      kind: 'sale',
      thing: { id: '0a1b2c3d-0000-4000-8000-00000000d002', title: 'Desk lamp', number: null },
      amount: 450,
      can: settlementCan('pay'),
    });
    const reminders: string[] = [];
    server.use(
      meHandler(hosteller),
      http.get(api('/settlements'), () =>
        HttpResponse.json({ settlements: [owedToMe, iOwe], nextCursor: null }),
      ),
      http.put(api('/settlements/:id/remind'), ({ params }) => {
        reminders.push(String(params.id));
        owedToMe = { ...owedToMe, can: settlementCan('receive', 'dispute') };
        return HttpResponse.json({ settlement: owedToMe });
      }),
    );
    return { ...renderApp('/hosteller/dashboard', { user: hosteller }), owedToMe, reminders };
  }

  it('the payee reminds the payer once: PUT /settlements/:id/remind, a toast, and Remind is gone', async () => {
    const { user, owedToMe, reminders } = owedHome();
    const card = await money();
    const rows = card.getAllByRole('listitem');
    const remind = within(rows[0]!).getByRole('button', { name: `Remind ${dayscholar.name}` });
    expect(remind).toHaveTextContent('Remind');
    // The payer's own row has none: only the one owed money reminds.
    expect(within(rows[1]!).queryByRole('button', { name: /^Remind/ })).not.toBeInTheDocument();
    expect(card.getAllByRole('button', { name: /^Remind/ })).toHaveLength(1);

    await user.click(remind);
    await waitFor(() => expect(toastTexts()).toContain('Reminder sent to Ravi'));
    expect(reminders).toEqual([owedToMe.id]);
    await waitFor(() =>
      expect(card.queryByRole('button', { name: `Remind ${dayscholar.name}` })).not.toBeInTheDocument(),
    );
    // The row is still there, with its way to the request.
    expect(card.getByRole('link', { name: `View: ${dayscholar.name} owes you ₹120` })).toBeInTheDocument();
    expect(reminders).toHaveLength(1);
  });

  it('the payer never sees Remind', async () => {
    const owed = makeSettlement({ can: settlementCan('pay', 'dispute') });
    server.use(
      meHandler(hosteller),
      http.get(api('/settlements'), () => HttpResponse.json({ settlements: [owed], nextCursor: null })),
    );
    renderApp('/hosteller/dashboard', { user: hosteller });
    const card = await money();
    expect(card.getByText(`You owe ${dayscholar.name} ₹120`)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Remind/ })).not.toBeInTheDocument();
  });

  it('offline, Remind is off with the reason said once; back online it sends', async () => {
    const OFFLINE = 'You’re offline. Try again when you’re back online.';
    const { user, reminders } = owedHome();
    const card = await money();
    act(() => onlineManager.setOnline(false));
    const remind = card.getByRole('button', { name: `Remind ${dayscholar.name}` });
    expect(remind).toBeDisabled();
    expect(remind).toHaveAccessibleDescription(OFFLINE);
    expect(card.getAllByText(OFFLINE)).toHaveLength(1);
    await user.click(remind);
    expect(reminders).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(card.queryByText(OFFLINE)).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: `Remind ${dayscholar.name}` }));
    await waitFor(() => expect(reminders).toHaveLength(1));
  });
});
