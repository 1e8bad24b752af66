import type { DeliveryRequest, RequestStatus } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { can, delivererRef, makeRequest, requesterRef, withDeliverer } from '@/test/requests';
import { currentSocket } from '@/test/socket';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const RUN = '5b2c0000-0000-4000-8000-000000000001';

/** The tab of My Deliveries a delivery of this status is under. */
const tabOf = (status: RequestStatus) =>
  status === 'completed' || status === 'cancelled' ? status : 'active';

/** The server's lists, filtered as it filters them, from what `rows()` holds now. */
function serveLists(rows: () => DeliveryRequest[]) {
  server.use(
    http.get(api('/requests/my-requests'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? 'all';
      const requests = rows().filter((r) => status === 'all' || r.status === status);
      return HttpResponse.json({ requests, nextCursor: null });
    }),
    http.get(api('/requests/my-deliveries'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? 'all';
      const deliveries = rows().filter((r) => status === 'all' || tabOf(r.status) === status);
      return HttpResponse.json({ deliveries, nextCursor: null });
    }),
    http.get(api('/requests/:id'), ({ params }) => {
      const request = rows().find((r) => r.id === params.id);
      return request
        ? HttpResponse.json({ request })
        : HttpResponse.json({ code: 'NOT_FOUND', message: 'Request not found' }, { status: 404 });
    }),
    http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
  );
}

describe('my deliveries', { timeout: 20_000 }, () => {
  it('lists the requests of one shared run together under the run’s heading', async () => {
    const name = 'Aaradhya Venkataramanan Subramaniam Krishnamurthy Iyengar Ra';
    const inRun = (itemName: string, deliveryLocation: string) =>
      withDeliverer(makeRequest({ itemName, deliveryLocation, runId: RUN, pickupFrom: 'Katpadi market' }));
    const rows = [
      inRun('Milk', 'Block B, room 4'),
      withDeliverer(makeRequest({ itemName: 'Charger', requester: { ...requesterRef, name } })),
      inRun('Bread', 'Block B, room 9'),
      inRun('Eggs', 'Block C, room 1'),
    ];
    server.use(meHandler(dayscholar));
    serveLists(() => rows);
    renderApp('/dayscholar/my-deliveries', { user: dayscholar });
    const run = await screen.findByRole(
      'region',
      { name: 'Shared run · Katpadi market · 3 drops' },
      { timeout: 15_000 },
    );
    const drops = within(within(run).getByRole('list')).getAllByRole('link');
    expect(drops.map((link) => link.getAttribute('href'))).toEqual(
      [rows[0], rows[2], rows[3]].map((r) => `/requests/${r!.id}`),
    );
    // Said once, by the heading: not again on each card.
    expect(within(run).queryByText('Part of a shared run')).not.toBeInTheDocument();
    expect(within(run).getByRole('link', { name: 'Open the run' })).toHaveAttribute('href', `/runs/${RUN}`);

    // The run where its first request was; the other delivery after it, its requester's name whole.
    const list = screen.getByRole('list', { name: 'Deliveries' });
    const rowsShown = Array.from(list.children);
    expect(rowsShown).toHaveLength(2);
    expect(rowsShown[0]).toContainElement(run);
    expect(within(rowsShown[1] as HTMLElement).getByText(`Requested by ${name}`)).toBeInTheDocument();
  });

  it('follows a delivery the day scholar completed to the Completed tab, and says so', async () => {
    let milk: DeliveryRequest = {
      ...withDeliverer(makeRequest({ itemName: 'Milk' })),
      counterpart: requesterRef,
      can: can('complete', 'cancelDelivery', 'chat'),
    };
    server.use(
      meHandler(dayscholar),
      http.put(api(`/requests/${milk.id}/deliver`), () => {
        milk = { ...milk, status: 'completed', completedAt: new Date().toISOString(), can: can('chat') };
        return HttpResponse.json({ request: milk });
      }),
    );
    serveLists(() => [milk]);
    const { user, navigate, location } = renderApp('/dayscholar/my-deliveries', { user: dayscholar });
    await user.click(await screen.findByRole('link', { name: /Milk/ }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Mark as Completed' }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Request completed successfully', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();

    // Back to the list as it was left (Active): it shows the tab the delivery lives under now.
    navigate('/dayscholar/my-deliveries');
    await waitFor(() => expect(location().search).toBe('?tab=completed'));
    expect(await screen.findByRole('tab', { name: 'Completed', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Moved to Completed')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('link', { name: /Milk/ }, { timeout: 15_000 })).toBeInTheDocument();

    // Followed once: picking a tab clears the words, and the list stays where it is put.
    await user.click(screen.getByRole('tab', { name: 'Active' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(screen.queryByText('Moved to Completed')).not.toBeInTheDocument();
  });
});

describe('my requests', { timeout: 20_000 }, () => {
  it('follows a request the hosteller cancelled out of the Pending filter and says so; others’ changes do not move it', async () => {
    let bread = makeRequest({ itemName: 'Bread', ratingType: 'hosteller_to_dayscholar', can: can('cancel') });
    let tea = makeRequest({ itemName: 'Tea', can: can('cancel') });
    server.use(
      meHandler(hosteller),
      http.put(api(`/requests/${bread.id}/cancel`), () => {
        bread = { ...bread, status: 'cancelled', cancelledAt: new Date().toISOString(), can: can() };
        return HttpResponse.json({ request: bread });
      }),
    );
    serveLists(() => [bread, tea]);
    const { user, navigate, location } = renderApp('/hosteller/my-requests?status=pending', {
      user: hosteller,
    });
    await screen.findByRole('link', { name: /Tea/ }, { timeout: 15_000 });

    // A day scholar accepts Tea: it leaves the Pending list in place, and the list stays on Pending.
    tea = { ...withDeliverer(tea), counterpart: delivererRef, can: can('cancel', 'chat') };
    currentSocket().serverEmit('request:updated', { request: tea });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Tea/ })).not.toBeInTheDocument());
    expect(location().search).toBe('?status=pending');
    expect(screen.queryByText(/^Moved to/)).not.toBeInTheDocument();

    // The hosteller cancels Bread themselves.
    await user.click(screen.getByRole('link', { name: /Bread/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel Request' }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Request cancelled successfully', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();

    navigate('/hosteller/my-requests?status=pending');
    await waitFor(() => expect(location().search).toBe('?status=cancelled'));
    const filters = within(await screen.findByRole('group', { name: 'Filter by status' }));
    expect(filters.getByRole('button', { name: 'Cancelled' })).toHaveAttribute('aria-pressed', 'true');
    // A polite live region (role status), there before the words arrive.
    expect(screen.getByText('Moved to Cancelled')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('link', { name: /Bread/ }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
