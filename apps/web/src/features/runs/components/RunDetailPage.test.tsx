import type { Run } from '@campusrun/shared';
import { RUN_MESSAGES } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeRun, runCan } from '@/test/logistics';
import { makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastTexts } from '@/test/toasts';

async function openRun(run: Run, viewer: typeof hosteller) {
  server.use(
    meHandler(viewer),
    http.get(api(`/runs/${run.id}`), () => HttpResponse.json({ run })),
  );
  const result = renderApp(`/runs/${run.id}`, { user: viewer });
  await screen.findByRole('heading', { level: 1, name: `Run to ${run.pickupFrom}` });
  return result;
}

describe('run page, hosteller', { timeout: 20_000 }, () => {
  it('joins with an item, showing the share before sending', async () => {
    const run = makeRun({ can: runCan('join') });
    const mine = makeRequest({ itemName: 'Bread', runId: run.id, expectedPrice: 16 });
    let body: unknown;
    server.use(
      http.post(api(`/runs/${run.id}/join`), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            run: {
              ...run,
              participants: 5,
              items: 6,
              share: 16,
              shareIfJoined: 13.33,
              myRequestId: mine.id,
              requests: [mine],
              can: runCan('leave'),
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = await openRun(run, hosteller);
    expect(screen.getByText('4 people')).toBeInTheDocument();
    expect(screen.getByText('4 items')).toBeInTheDocument();
    // Not in it yet: what they would pay by joining, never a share "now".
    expect(screen.getByText('Your share if you join: ₹16')).toBeInTheDocument();
    expect(screen.queryByText(/now →/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join this run' });
    expect(
      within(dialog).getByText(/^Your share if you join: ₹16 \(the ₹80 fee split between 5 people\)/),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Join run' }));
    expect(within(dialog).getByLabelText('Item name')).toHaveAccessibleDescription(
      'Please enter an item name',
    );
    await user.type(within(dialog).getByLabelText('Item name'), 'Bread');
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Join run' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toMatchObject({ itemName: 'Bread', quantity: 2, deliveryLocation: 'Block A, room 101' });
    expect(screen.getByRole('link', { name: 'Your request' })).toHaveAttribute(
      'href',
      `/requests/${mine.id}`,
    );
    expect(screen.getByRole('button', { name: 'Leave run' })).toBeInTheDocument();
    expect(screen.getByText('5 people')).toBeInTheDocument();
    // In it now: their own share, and what it drops to with one more.
    expect(screen.getByText('Your share: ₹16 now → ₹13.33 if one more joins')).toBeInTheDocument();
  });

  it('shows why joining was refused and fetches the run again', async () => {
    const run = makeRun({ can: runCan('join') });
    server.use(
      http.post(api(`/runs/${run.id}/join`), () =>
        HttpResponse.json(
          { code: 'CONFLICT', reason: 'cutoffPassed', message: RUN_MESSAGES.cutoffPassed },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openRun(run, hosteller);
    await user.click(screen.getByRole('button', { name: 'Join run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join this run' });
    await user.type(within(dialog).getByLabelText('Item name'), 'Bread');
    server.use(
      http.get(api(`/runs/${run.id}`), () =>
        HttpResponse.json({ run: { ...run, status: 'closed', can: runCan() } }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Join run' }));
    await waitFor(() => expect(toastTexts()).toContain(RUN_MESSAGES.cutoffPassed));
    await waitFor(() => expect(screen.getByText('Closed to joining')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves behind a confirmation', async () => {
    const run = makeRun({ myRequestId: 'r1', can: runCan('leave') });
    server.use(
      http.delete(api(`/runs/${run.id}/join`), () =>
        HttpResponse.json({ run: { ...run, participants: 3, myRequestId: null, can: runCan('join') } }),
      ),
    );
    const { user } = await openRun(run, hosteller);
    await user.click(screen.getByRole('button', { name: 'Leave run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Join run' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Your request' })).not.toBeInTheDocument();
  });
});

describe('run page, day scholar', { timeout: 20_000 }, () => {
  it('accepts every request of the run behind a confirmation', async () => {
    const requests = [makeRequest({ itemName: 'Bread' }), makeRequest({ itemName: 'Milk' })];
    const run = makeRun({ participants: 2, requests, can: runCan('accept') });
    server.use(
      http.put(api(`/runs/${run.id}/accept`), () =>
        HttpResponse.json({
          run: {
            ...run,
            status: 'accepted',
            deliverer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
            requests: requests.map((r) => withDeliverer(r)),
            can: runCan(),
          },
        }),
      ),
    );
    const { user } = await openRun(run, dayscholar);
    expect(screen.queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join run' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept all 2 requests of this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByText('Accepted').length).toBeGreaterThan(1);
    expect(screen.getByText('You')).toBeInTheDocument();
  });

  it('shows the message when another day scholar took it first, and fetches the run again', async () => {
    const run = makeRun({ can: runCan('accept') });
    server.use(
      http.put(api(`/runs/${run.id}/accept`), () =>
        HttpResponse.json(
          { code: 'CONFLICT', reason: 'taken', message: RUN_MESSAGES.taken },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openRun(run, dayscholar);
    server.use(
      http.get(api(`/runs/${run.id}`), () =>
        HttpResponse.json({ run: { ...run, status: 'accepted', can: runCan() } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Accept run' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept run' }));
    await waitFor(() => expect(toastTexts()).toContain(RUN_MESSAGES.taken));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept run' })).not.toBeInTheDocument());
    expect(screen.getByText('Accepted')).toBeInTheDocument();
  });

  it('says a missing run is not found', async () => {
    server.use(
      meHandler(dayscholar),
      http.get(api('/runs/:id'), () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: RUN_MESSAGES.notFound }, { status: 404 }),
      ),
    );
    renderApp('/runs/5b2c0000-0000-4000-8000-000000009999', { user: dayscholar });
    expect(await screen.findByText('Run not found')).toBeInTheDocument();
  });
});

describe('run page, inviting others', { timeout: 20_000 }, () => {
  const link = (run: Run) => `${window.location.origin}/runs/${run.id}`;

  it('puts the invitation first while the starter is alone in it, and shares the words with the link', async () => {
    const mine = makeRequest({ itemName: 'Bread', expectedPrice: 80 });
    const run = makeRun({
      participants: 1,
      items: 1,
      blocks: 1,
      share: 80,
      shareIfJoined: 40,
      myRequestId: mine.id,
      requests: [mine],
    });
    const { user } = await openRun(run, hosteller);
    expect(screen.getByText('1 person')).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(screen.queryByText(/\b1 items\b/)).not.toBeInTheDocument();
    // One person: nothing is "each" yet.
    expect(screen.queryByText(/₹[\d,.]+ each/)).not.toBeInTheDocument();
    expect(screen.getByText('Your share: ₹80 now → ₹40 if one more joins')).toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Invite others on your floor' });
    // The card is the one place to share from while it shows.
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
    try {
      await user.click(within(card).getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(shared).toHaveLength(1));
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
    expect(shared[0]).toEqual({
      title: 'Run to Katpadi market',
      text: expect.stringMatching(
        /^Join the shared run to Katpadi market on CampusRun by .+: your share would be ₹40\.$/,
      ),
      url: link(run),
    });
    expect(toastTexts()).not.toContain('Link copied');
  });

  it('copies the link where there is no share sheet; a hosteller not in it may pass it on too', async () => {
    const run = makeRun({ myRequestId: 'x', can: runCan('leave') });
    const { user, unmount } = await openRun(run, hosteller);
    expect(screen.queryByRole('region', { name: 'Invite others on your floor' })).not.toBeInTheDocument();
    expect('share' in navigator).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link(run));
    unmount();

    const other = makeRun({ can: runCan('join') });
    await openRun(other, hosteller);
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('offers no invitation once the run is closed to joining, nor to a day scholar', async () => {
    const closed = makeRun({ status: 'closed', participants: 1, myRequestId: 'x' });
    const { unmount } = await openRun(closed, hosteller);
    expect(screen.queryByRole('region', { name: 'Invite others on your floor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Invite|Share)$/ })).not.toBeInTheDocument();
    expect(screen.getByText('Your share: ₹20')).toBeInTheDocument();
    unmount();

    await openRun(makeRun({ can: runCan('accept') }), dayscholar);
    expect(screen.queryByRole('button', { name: /^(Invite|Share)$/ })).not.toBeInTheDocument();
  });

  it('brings someone signed out who opens the link back to the run after signing in', async () => {
    const run = makeRun({ can: runCan('join') });
    const other = { ...hosteller, id: '3f0e8f8e-2a55-4b43-9d0c-1f3f8a1c0a99', name: 'Meera N' };
    server.use(
      http.post(api('/auth/login'), () => HttpResponse.json({ token: 'jwt-h', user: other })),
      meHandler(other),
      http.get(api(`/runs/${run.id}`), () => HttpResponse.json({ run })),
    );
    const { user, location } = renderApp(`/runs/${run.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' });
    expect(location().pathname).toBe('/login');
    await user.type(await screen.findByLabelText('Email'), 'meera@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Run to Katpadi market' }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe(`/runs/${run.id}`);
    expect(screen.getByRole('button', { name: 'Join run' })).toBeInTheDocument();
  });
});

describe('run page, what the day scholar earns', { timeout: 20_000 }, () => {
  it('says the fee and roughly the item money to lay out, before and in the accept dialog', async () => {
    const requests = [
      makeRequest({ itemName: 'Bread', itemCost: 58 }),
      makeRequest({ itemName: 'Milk', itemCost: 58 }),
      makeRequest({ itemName: 'Pens', itemCost: null }),
    ];
    const run = makeRun({ participants: 3, requests, can: runCan('accept') });
    const { user } = await openRun(run, dayscholar);
    expect(screen.getByText('You earn ₹80 · carry ≈ ₹116')).toBeInTheDocument();
    expect(screen.queryByText(/Your share/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept all 3 requests of this run?' });
    expect(
      within(dialog).getByText(/You earn ₹80, and lay out about ₹116 for the items/),
    ).toBeInTheDocument();
  });

  it('says only the fee when no item gives a cost', async () => {
    await openRun(makeRun({ requests: [makeRequest()], can: runCan('accept') }), dayscholar);
    expect(screen.getByText('You earn ₹80 for the whole run')).toBeInTheDocument();
    expect(screen.queryByText(/carry/)).not.toBeInTheDocument();
  });
});
