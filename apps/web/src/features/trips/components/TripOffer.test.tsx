import type { DeliveryRequest, Trip } from '@campusrun/shared';
import { TRIP_MESSAGES } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeTrip, tripCan } from '@/test/logistics';
import { makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastTexts } from '@/test/toasts';
import { toLocalInput } from '@/lib/local-time';

const HOUR = 3_600_000;
const localInput = (hours: number) => toLocalInput(new Date(Date.now() + hours * HOUR));
const OFFER = { name: 'A trip could bring this' };
/** The request page's party cards ask for ratings. */
const ratings = http.get(api('/ratings/user/:id'), () =>
  HttpResponse.json({ rating: { average: 0, count: 0 } }),
);

/** Ravi's open trip from Katpadi, arriving in 3 hours, taking requests for 2 more. */
const openTrip = (overrides: Partial<Trip> = {}) => makeTrip({ can: tripCan('attach'), ...overrides });

describe('trips offered on the new request form', { timeout: 30_000 }, () => {
  async function openForm(trips: Trip[]) {
    server.use(
      meHandler(hosteller),
      http.get(api('/trips'), () => HttpResponse.json({ trips })),
    );
    const result = renderApp('/hosteller/my-requests/new', { user: hosteller });
    await screen.findByRole('heading', { level: 1, name: 'New Request' }, { timeout: 15_000 });
    return result;
  }

  it('names an open trip that could bring the request, while the deadline allows it', async () => {
    const full = openTrip({ from: 'Gandhi Nagar', can: tripCan() });
    const { user } = await openForm([full, openTrip()]);
    const offer = await screen.findByRole('region', OFFER);
    expect(
      within(offer).getByText(
        /^Ravi’s trip from Katpadi arrives .+\. Create this request and you can add it to the trip until .+\.$/,
      ),
    ).toBeInTheDocument();
    // A trip that takes no more requests is not offered.
    expect(within(offer).queryByText(/Gandhi Nagar/)).not.toBeInTheDocument();

    // Due before the trip arrives: it cannot ride on it.
    await user.type(screen.getByLabelText('Deadline'), localInput(1));
    await waitFor(() => expect(screen.queryByRole('region', OFFER)).not.toBeInTheDocument());
    await user.clear(screen.getByLabelText('Deadline'));
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    expect(await screen.findByRole('region', OFFER)).toBeInTheDocument();
  });

  it('says nothing when no open trip could take it', async () => {
    await openForm([openTrip({ can: tripCan() })]);
    await screen.findByLabelText('Deadline');
    // Let the trips arrive: still nothing to offer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', OFFER)).not.toBeInTheDocument();
  });

  it('after posting, the request’s page offers the trip; one tap adds it', async () => {
    const trip = openTrip();
    const posted = makeRequest({ itemName: 'Bread' });
    let attached: DeliveryRequest | null = null;
    let sent: unknown;
    server.use(
      ratings,
      http.post(api('/requests'), () => HttpResponse.json({ request: posted }, { status: 201 })),
      http.get(api(`/requests/${posted.id}`), () => HttpResponse.json({ request: attached ?? posted })),
      http.put(api(`/trips/${trip.id}/attach`), async ({ request }) => {
        sent = await request.json();
        attached = { ...withDeliverer(posted), tripId: trip.id };
        return HttpResponse.json({ trip: { ...trip, attached: 4, requests: [attached] } });
      }),
    );
    const { user, location } = await openForm([trip]);
    await user.type(screen.getByLabelText('Item name'), 'Bread');
    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '30');
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));

    await screen.findByRole('heading', { level: 1, name: 'Request Details' }, { timeout: 15_000 });
    expect(location().pathname).toBe(`/requests/${posted.id}`);
    const offer = await screen.findByRole('region', OFFER);
    expect(
      within(offer).getByText(/^Ravi’s trip from Katpadi arrives .+ — add this request to it by .+\.$/),
    ).toBeInTheDocument();
    expect(within(offer).getByRole('link', { name: 'See the trip' })).toHaveAttribute(
      'href',
      `/trips/${trip.id}`,
    );
    await user.click(within(offer).getByRole('button', { name: 'Add to Ravi’s trip' }));

    expect(sent).toEqual({ requestId: posted.id });
    await waitFor(() => expect(toastTexts()).toContain('Added to Ravi’s trip: Ravi will bring it'));
    // The request is read again: on the trip now, so nothing more is offered.
    expect(await screen.findByRole('link', { name: 'On a trip' })).toHaveAttribute(
      'href',
      `/trips/${trip.id}`,
    );
    expect(screen.queryByRole('region', OFFER)).not.toBeInTheDocument();
  });
});

describe('trips offered on a pending request', { timeout: 30_000 }, () => {
  function openRequest(request: DeliveryRequest, trips: Trip[], viewer = hosteller) {
    let tripLoads = 0;
    server.use(
      meHandler(viewer),
      ratings,
      http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
      http.get(api('/trips'), () => {
        tripLoads += 1;
        return HttpResponse.json({ trips });
      }),
    );
    const result = renderApp(`/requests/${request.id}`, { user: viewer });
    return { ...result, tripLoads: () => tripLoads };
  }

  it('shows the server’s refusal and reads the trips again', async () => {
    const trip = openTrip();
    const request = makeRequest({ itemName: 'Bread' });
    const { user } = openRequest(request, [trip]);
    const offer = await screen.findByRole('region', OFFER, { timeout: 15_000 });
    server.use(
      http.put(api(`/trips/${trip.id}/attach`), () =>
        HttpResponse.json({ code: 'CONFLICT', reason: 'full', message: TRIP_MESSAGES.full }, { status: 409 }),
      ),
      http.get(api('/trips'), () => HttpResponse.json({ trips: [{ ...trip, attached: 5, can: tripCan() }] })),
    );
    await user.click(within(offer).getByRole('button', { name: 'Add to Ravi’s trip' }));
    await waitFor(() => expect(toastTexts()).toContain(TRIP_MESSAGES.full));
    await waitFor(() => expect(screen.queryByRole('region', OFFER)).not.toBeInTheDocument());
  });

  it('offers nothing for a request due before the trip arrives, or one in a shared run', async () => {
    const early = makeRequest({ deadline: new Date(Date.now() + HOUR).toISOString() });
    const { unmount } = openRequest(early, [openTrip()]);
    await screen.findByRole('heading', { level: 1, name: 'Request Details' }, { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', OFFER)).not.toBeInTheDocument();
    unmount();

    const inRun = makeRequest({ runId: '5b2c0000-0000-4000-8000-000000000999' });
    const second = openRequest(inRun, [openTrip()]);
    await screen.findByRole('heading', { level: 1, name: 'Request Details' }, { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', OFFER)).not.toBeInTheDocument();
    expect(second.tripLoads()).toBe(0);
  });

  it('is never offered to someone else looking at the request', async () => {
    const { tripLoads } = openRequest(makeRequest(), [openTrip()], dayscholar);
    await screen.findByRole('heading', { level: 1, name: 'Request Details' }, { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', OFFER)).not.toBeInTheDocument();
    expect(tripLoads()).toBe(0);
  });
});
