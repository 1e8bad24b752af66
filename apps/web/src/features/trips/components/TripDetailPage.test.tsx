import type { DeliveryRequest, Trip, TripStop } from '@campusrun/shared';
import { TRIP_MESSAGES } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeTrip, tripCan } from '@/test/logistics';
import { can, makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastTexts } from '@/test/toasts';
import { ticksKey } from './StopList';

const HOUR = 3_600_000;

async function openTrip(trip: Trip, viewer: typeof hosteller) {
  server.use(
    meHandler(viewer),
    http.get(api(`/trips/${trip.id}`), () => HttpResponse.json({ trip })),
  );
  const result = renderApp(`/trips/${trip.id}`, { user: viewer });
  await screen.findByRole('heading', { level: 1, name: `Trip from ${trip.from}` });
  return result;
}

describe('trip page, hosteller', { timeout: 20_000 }, () => {
  it('offers only pending requests that fit and adds the chosen one', async () => {
    const trip = makeTrip({ can: tripCan('attach') });
    const fits = makeRequest({ itemName: 'Bread', deadline: new Date(Date.now() + 5 * HOUR).toISOString() });
    const tooEarly = makeRequest({ itemName: 'Milk', deadline: new Date(Date.now() + HOUR).toISOString() });
    const onRun = makeRequest({ itemName: 'Eggs', runId: '5b2c0000-0000-4000-8000-000000000999' });
    let sent: unknown;
    const attached = { ...withDeliverer(fits), tripId: trip.id };
    server.use(
      http.get(api('/requests/my-requests'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('status')).toBe('pending');
        return HttpResponse.json({ requests: [fits, tooEarly, onRun], nextCursor: null });
      }),
      http.put(api(`/trips/${trip.id}/attach`), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          trip: { ...trip, attached: 4, requests: [attached], can: tripCan('attach', 'detach') },
        });
      }),
    );
    const { user } = await openTrip(trip, hosteller);
    expect(screen.getByText('None of your requests are on this trip.')).toBeInTheDocument();
    const select = await screen.findByLabelText('Your pending request');
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringMatching(/^Bread · due /)]);
    await user.click(screen.getByRole('button', { name: 'Add to trip' }));

    const list = await screen.findByRole('list', { name: 'Your requests on this trip' });
    expect(within(list).getByRole('link', { name: 'Bread' })).toHaveAttribute('href', `/requests/${fits.id}`);
    expect(within(list).getByText('Accepted')).toBeInTheDocument();
    expect(sent).toEqual({ requestId: fits.id });
    expect(screen.getByText('4 of 5 taken')).toBeInTheDocument();
  });

  it('shows why a request was refused (full) and fetches the trip again', async () => {
    const trip = makeTrip({ can: tripCan('attach') });
    let loads = 0;
    server.use(
      http.get(api('/requests/my-requests'), () =>
        HttpResponse.json({ requests: [makeRequest()], nextCursor: null }),
      ),
      http.put(api(`/trips/${trip.id}/attach`), () =>
        HttpResponse.json({ code: 'CONFLICT', reason: 'full', message: TRIP_MESSAGES.full }, { status: 409 }),
      ),
    );
    const { user } = await openTrip(trip, hosteller);
    server.use(
      http.get(api(`/trips/${trip.id}`), () => {
        loads += 1;
        return HttpResponse.json({ trip: { ...trip, attached: 5, can: tripCan() } });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add to trip' }));
    await waitFor(() => expect(toastTexts()).toContain(TRIP_MESSAGES.full));
    await waitFor(() => expect(screen.getByText('5 of 5 taken')).toBeInTheDocument());
    expect(loads).toBe(1);
    expect(screen.queryByRole('button', { name: 'Add to trip' })).not.toBeInTheDocument();
  });

  it('says when none of their requests can ride on the trip', async () => {
    const trip = makeTrip({ can: tripCan('attach') });
    server.use(
      http.get(api('/requests/my-requests'), () =>
        HttpResponse.json({
          requests: [makeRequest({ deadline: new Date(Date.now() + HOUR).toISOString() })],
          nextCursor: null,
        }),
      ),
    );
    await openTrip(trip, hosteller);
    expect(
      await screen.findByText(/None of your pending requests can ride on this trip/),
    ).toBeInTheDocument();
  });

  it('removes their own request while they may', async () => {
    const mine = { ...withDeliverer(makeRequest({ itemName: 'Bread' })), tripId: 'x' };
    const trip = makeTrip({ requests: [mine], can: { ...tripCan('detach'), detachable: [mine.id] } });
    let sent: unknown;
    server.use(
      http.put(api(`/trips/${trip.id}/detach`), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ trip: { ...trip, attached: 2, requests: [], can: tripCan('attach') } });
      }),
      http.get(api('/requests/my-requests'), () => HttpResponse.json({ requests: [], nextCursor: null })),
    );
    const { user } = await openTrip(trip, hosteller);
    expect(screen.queryByRole('heading', { name: 'Add a request' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Bread from this trip' }));
    expect(await screen.findByText('None of your requests are on this trip.')).toBeInTheDocument();
    expect(sent).toEqual({ requestId: mine.id });
    expect(screen.getByRole('heading', { name: 'Add a request' })).toBeInTheDocument();
  });

  it('finding 1: offers no Remove on a request its runner already picked up', async () => {
    const bread = { ...withDeliverer(makeRequest({ itemName: 'Bread' })), tripId: 'x' };
    const milk = {
      ...withDeliverer(makeRequest({ itemName: 'Milk' })),
      tripId: 'x',
      pickedUpAt: new Date().toISOString(),
    };
    const trip = makeTrip({ requests: [bread, milk], can: { ...tripCan('detach'), detachable: [bread.id] } });
    await openTrip(trip, hosteller);
    expect(await screen.findByRole('button', { name: 'Remove Bread from this trip' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Milk' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Milk from this trip' })).not.toBeInTheDocument();
  });
});

describe('trip page, runner', { timeout: 20_000 }, () => {
  const bread = {
    ...withDeliverer(makeRequest({ itemName: 'Bread', number: 11 })),
    deliveryLocation: 'Block A',
  };
  const milk = {
    ...withDeliverer(makeRequest({ itemName: 'Milk', number: 12 })),
    deliveryLocation: 'Block C',
  };
  const stops: TripStop[] = [
    {
      kind: 'pickup',
      place: 'Katpadi market',
      items: [
        { requestId: bread.id, number: 11, itemName: 'Bread', quantity: 2, status: 'accepted' },
        { requestId: milk.id, number: 12, itemName: 'Milk', quantity: 1, status: 'accepted' },
      ],
    },
    {
      kind: 'drop',
      place: 'Block A',
      items: [{ requestId: bread.id, number: 11, itemName: 'Bread', quantity: 2, status: 'accepted' }],
    },
    {
      kind: 'drop',
      place: 'Block C',
      items: [{ requestId: milk.id, number: 12, itemName: 'Milk', quantity: 1, status: 'completed' }],
    },
  ];

  it('lists the requests and the stop list; ticks stay on this device; a drop it may not complete here links to its page', async () => {
    const trip = makeTrip({ requests: [bread, milk], can: tripCan('cancel', 'stops') });
    server.use(http.get(api(`/trips/${trip.id}/stops`), () => HttpResponse.json({ stops })));
    const { user, unmount } = await openTrip(trip, dayscholar);
    const requests = screen.getByRole('list', { name: 'Requests on this trip' });
    expect(
      within(requests)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Bread', 'Milk']);

    const stopList = screen.getByRole('region', { name: 'Stop list' });
    expect(
      await within(stopList).findByRole('heading', { name: 'Pick up at Katpadi market' }),
    ).toBeInTheDocument();
    expect(within(stopList).getByRole('heading', { name: 'Drop at Block A' })).toBeInTheDocument();
    const pickBread = within(stopList).getAllByRole('checkbox', { name: '#11 Bread × 2' })[0];
    expect(pickBread).not.toBeChecked();
    await user.click(pickBread);
    expect(pickBread).toBeChecked();
    expect(JSON.parse(localStorage.getItem(ticksKey(trip.id)) ?? '[]')).toEqual([`pickup:${bread.id}`]);
    expect(within(stopList).getByRole('link', { name: 'Complete #11 Bread' })).toHaveAttribute(
      'href',
      `/requests/${bread.id}`,
    );
    // A delivered drop is ticked for good and has nothing left to complete.
    const dropMilk = within(stopList).getAllByRole('checkbox', { name: '#12 Milk × 1' })[1];
    expect(dropMilk).toBeChecked();
    expect(dropMilk).toBeDisabled();
    expect(within(stopList).queryByRole('link', { name: 'Complete #12 Milk' })).not.toBeInTheDocument();

    unmount();
    await openTrip(trip, dayscholar);
    const again = screen.getByRole('region', { name: 'Stop list' });
    await within(again).findByRole('heading', { name: 'Pick up at Katpadi market' });
    expect(within(again).getAllByRole('checkbox', { name: '#11 Bread × 2' })[0]).toBeChecked();
  });

  it('names each drop’s hosteller with a Call link and the item money, and completes it right there', async () => {
    const eggs = {
      ...withDeliverer(makeRequest({ itemName: 'Eggs', number: 21, itemCost: 58 })),
      deliveryLocation: 'Block A',
      handoverRequired: true,
      contact: { phoneNumber: '9876543210', hostelBlock: 'Block A', roomNumber: '101' },
      can: can('complete', 'chat'),
    };
    const rice = {
      ...withDeliverer(makeRequest({ itemName: 'Rice', number: 22 })),
      requester: { id: '3f0e8f8e-2a55-4b43-9d0c-1f3f8a1c0a77', name: 'Hema S', avatar: null },
      deliveryLocation: 'Block C',
      can: can('complete'),
    };
    const dropOf = (request: DeliveryRequest, status: string): TripStop => ({
      kind: 'drop',
      place: request.deliveryLocation,
      items: [
        { requestId: request.id, number: request.number, itemName: request.itemName, quantity: 1, status },
      ],
    });
    let delivered = false;
    let sent: unknown;
    const trip = makeTrip({ requests: [eggs, rice], can: tripCan('cancel', 'stops') });
    server.use(
      http.get(api(`/trips/${trip.id}/stops`), () =>
        HttpResponse.json({
          stops: [dropOf(eggs, delivered ? 'completed' : 'accepted'), dropOf(rice, 'accepted')],
        }),
      ),
      http.put(api(`/requests/${eggs.id}/deliver`), async ({ request }) => {
        sent = await request.json();
        delivered = true;
        return HttpResponse.json({ request: { ...eggs, status: 'completed', can: can() } });
      }),
    );
    const { user } = await openTrip(trip, dayscholar);
    const stopList = screen.getByRole('region', { name: 'Stop list' });
    await within(stopList).findByRole('heading', { name: 'Drop at Block A' });
    expect(within(stopList).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(stopList).getByRole('link', { name: 'Call Asha Rao' })).toHaveAttribute(
      'href',
      'tel:9876543210',
    );
    expect(within(stopList).getByText('carry ≈ ₹58')).toBeInTheDocument();
    // The server gave no phone for Hema and no item cost: neither is made up.
    expect(within(stopList).getByText('Hema S')).toBeInTheDocument();
    expect(within(stopList).queryByRole('link', { name: 'Call Hema S' })).not.toBeInTheDocument();
    expect(within(stopList).getAllByText(/^carry ≈/)).toHaveLength(1);

    await user.click(within(stopList).getByRole('button', { name: 'Complete #21 Eggs' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Handover code'), '4821');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toMatchObject({ handoverCode: '4821' });
    // The stop list is read again: the drop is delivered, with nothing left to complete or call.
    expect(await within(stopList).findByText('Delivered')).toBeInTheDocument();
    expect(within(stopList).queryByRole('button', { name: 'Complete #21 Eggs' })).not.toBeInTheDocument();
    expect(within(stopList).queryByRole('link', { name: 'Call Asha Rao' })).not.toBeInTheDocument();
    expect(within(stopList).getByRole('button', { name: 'Complete #22 Rice' })).toBeInTheDocument();
  });

  it('cancels the trip behind a confirmation', async () => {
    const trip = makeTrip({ can: tripCan('cancel', 'stops') });
    server.use(
      http.get(api(`/trips/${trip.id}/stops`), () => HttpResponse.json({ stops: [] })),
      http.put(api(`/trips/${trip.id}/cancel`), () =>
        HttpResponse.json({ trip: { ...trip, status: 'cancelled', can: tripCan() } }),
      ),
    );
    const { user } = await openTrip(trip, dayscholar);
    expect(await screen.findByText('No requests on this trip yet, so no stops.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this trip?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel trip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
  });
});

describe('trip page, states', { timeout: 20_000 }, () => {
  it('says a missing trip is not found', async () => {
    server.use(
      meHandler(hosteller),
      http.get(api('/trips/:id'), () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: TRIP_MESSAGES.notFound }, { status: 404 }),
      ),
    );
    renderApp('/trips/7a1b0000-0000-4000-8000-000000009999', { user: hosteller });
    expect(await screen.findByText('Trip not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('retries a failed load', async () => {
    const trip = makeTrip();
    let calls = 0;
    server.use(
      meHandler(hosteller),
      http.get(api(`/trips/${trip.id}`), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'INTERNAL', message: 'Boom' }, { status: 500 })
          : HttpResponse.json({ trip });
      }),
    );
    const { user } = renderApp(`/trips/${trip.id}`, { user: hosteller });
    expect(await screen.findByText('Failed to load the trip')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip from Katpadi' })).toBeInTheDocument();
  });
});
