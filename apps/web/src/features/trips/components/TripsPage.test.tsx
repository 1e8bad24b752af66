import { screen, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeTrip } from '@/test/logistics';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

function openTrips(viewer: typeof hosteller) {
  server.use(meHandler(viewer));
  return renderApp('/trips', { user: viewer });
}

describe('trips list', { timeout: 20_000 }, () => {
  it('shows skeletons, then each open trip as a card that opens it', async () => {
    const trip = makeTrip({ note: 'Can stop at the pharmacy' });
    server.use(
      http.get(api('/trips'), async () => {
        await delay(100);
        return HttpResponse.json({ trips: [trip] });
      }),
    );
    openTrips(hosteller);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trips' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Open trips' });
    const card = within(list).getByRole('link', { name: new RegExp(`^${dayscholar.name}.*From Katpadi`) });
    expect(card).toHaveAttribute('href', `/trips/${trip.id}`);
    expect(within(card).getByText('From Katpadi')).toBeInTheDocument();
    expect(within(card).getByText(/^Arrives .+ · add requests by .+$/)).toBeInTheDocument();
    expect(within(card).getByText('3 of 5 taken')).toBeInTheDocument();
    expect(within(card).getByText('4.6')).toBeInTheDocument();
    expect(within(card).getByText('Can stop at the pharmacy')).toBeInTheDocument();
    // A hosteller posts no trip and has no "My trips".
    expect(screen.queryByRole('link', { name: 'Post a trip' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My trips' })).not.toBeInTheDocument();
  });

  it('says so when no trip is announced, with a hint for hostellers', async () => {
    openTrips(hosteller);
    expect(await screen.findByText('No trips announced yet')).toBeInTheDocument();
    expect(screen.getByText(/add a request to it/)).toBeInTheDocument();
  });

  it('gives a day scholar "Post a trip" and their own trips', async () => {
    const mine = makeTrip({ status: 'closed', from: 'Vellore fort' });
    server.use(http.get(api('/trips/mine'), () => HttpResponse.json({ trips: [mine] })));
    openTrips(dayscholar);
    expect(await screen.findByText('No trips announced yet')).toBeInTheDocument();
    expect(screen.getByText(/Post a trip and hostellers can add/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Post a trip' })[0]).toHaveAttribute('href', '/trips/new');
    const own = await screen.findByRole('list', { name: 'My trips' });
    expect(within(own).getByText('From Vellore fort')).toBeInTheDocument();
    expect(within(own).getByText('Closed')).toBeInTheDocument();
  });

  it('shows an error with Retry that loads the trips again', async () => {
    let calls = 0;
    server.use(
      http.get(api('/trips'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'INTERNAL', message: 'Boom' }, { status: 500 })
          : HttpResponse.json({ trips: [makeTrip()] });
      }),
    );
    const { user } = openTrips(hosteller);
    expect(await screen.findByText('Failed to load trips')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('From Katpadi')).toBeInTheDocument();
  });

  it("is in the menu of both roles; Shared runs only in the hostellers'", async () => {
    openTrips(hosteller);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Trips' })).toHaveAttribute('href', '/trips');
    expect(within(nav).getByRole('link', { name: 'Shared runs' })).toHaveAttribute('href', '/runs');
  });

  it("is in the day scholars' menu too, without Shared runs", async () => {
    openTrips(dayscholar);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Trips' })).toHaveAttribute('href', '/trips');
    expect(within(nav).queryByRole('link', { name: 'Shared runs' })).not.toBeInTheDocument();
  });
});
