import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const statValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).closest('div')!.parentElement!;

describe('dashboards', { timeout: 20_000 }, () => {
  it('hosteller: shows an error with Retry, then the stats and recent lists', async () => {
    let fail = true;
    server.use(
      meHandler(hosteller),
      http.get(api('/hosteller/stats'), () =>
        fail
          ? HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json({
              stats: {
                pendingRequests: 2,
                acceptedRequests: 1,
                completedRequests: 5,
                cancelledRequests: 0,
                activeProducts: 3,
                soldProducts: 4,
              },
            }),
      ),
      http.get(api('/hosteller/requests/recent'), () =>
        HttpResponse.json({ requests: [makeRequest({ itemName: 'Bread' })] }),
      ),
      http.get(api('/hosteller/products/recent'), () =>
        HttpResponse.json({
          products: [
            {
              id: '5a5a5a5a-0000-4000-8000-000000000001',
              name: 'Desk lamp',
              price: 300,
              status: 'available',
              createdAt: new Date().toISOString(),
              images: [],
            },
          ],
        }),
      ),
    );
    const { user } = renderApp('/hosteller/dashboard', { user: hosteller });
    expect(
      await screen.findByText('Failed to load dashboard data', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Pending requests', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(statValue('Pending requests')).getByText('2')).toBeInTheDocument();
    expect(within(statValue('Completed requests')).getByText('5')).toBeInTheDocument();
    expect(within(statValue('Active products')).getByText('3')).toBeInTheDocument();
    expect(within(statValue('Sold products')).getByText('4')).toBeInTheDocument();
    const recent = within(screen.getByRole('region', { name: 'Recent requests' }));
    expect(await recent.findByText('Bread', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(recent.getByText(/No deliverer yet/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Recent products' })).getByText('Desk lamp'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New request' })).toHaveAttribute(
      'href',
      '/hosteller/my-requests/new',
    );
  });

  it('day scholar: stats with earnings in rupees (tips apart), active deliveries and available requests', async () => {
    let fail = true;
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/stats'), () =>
        HttpResponse.json({
          stats: {
            pendingDeliveries: 1,
            completedDeliveries: 7,
            cancelledDeliveries: 0,
            availableRequests: 12,
            totalEarnings: 1250,
            totalTips: 80,
          },
        }),
      ),
      http.get(api('/dayscholar/deliveries/active'), () =>
        fail
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json({
              deliveries: [withDeliverer(makeRequest({ itemName: 'Soap' }))],
              nextCursor: null,
            }),
      ),
      http.get(api('/dayscholar/requests/available'), () =>
        HttpResponse.json({ requests: [makeRequest({ itemName: 'Pens' })], nextCursor: null }),
      ),
    );
    const { user } = renderApp('/dayscholar/dashboard', { user: dayscholar });
    expect(
      await screen.findByText('Failed to load dashboard data', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Soap', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(statValue('Total earnings')).getByText('₹1,250')).toBeInTheDocument();
    expect(within(statValue('Total earnings')).getByText('₹80 in tips')).toBeInTheDocument();
    expect(within(statValue('Completed deliveries')).getByText('7')).toBeInTheDocument();
    expect(within(statValue('Available requests')).getByText('12')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Available requests' })).getByText('Pens'),
    ).toBeInTheDocument();
  });

  it.each([
    ['hosteller', hosteller, '/hosteller/dashboard'],
    ['day scholar', dayscholar, '/dayscholar/dashboard'],
  ] as const)('%s: shows the support contact link from /api/config on the page', async (_, viewer, path) => {
    server.use(meHandler(viewer));
    renderApp(path, { user: viewer });
    // In the page itself, not only in the sidebar (a closed slide-over on phones).
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    expect(await main.findByRole('link', { name: 'Contact support' }, { timeout: 15_000 })).toHaveAttribute(
      'href',
      'mailto:support@example.edu',
    );
    expect(main.getByText(/Need help\?/)).toBeInTheDocument();
  });

  it('day scholar: every empty list offers a next action', async () => {
    let available = 0;
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), () => {
        available += 1;
        return HttpResponse.json({ requests: [], nextCursor: null });
      }),
    );
    const { user } = renderApp('/dayscholar/dashboard', { user: dayscholar });
    const active = within(
      await screen.findByRole('region', { name: 'Active deliveries' }, { timeout: 15_000 }),
    );
    expect(
      await active.findByRole('link', { name: 'Find a request' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const open = within(screen.getByRole('region', { name: 'Available requests' }));
    expect(await open.findByText('No open requests right now')).toBeInTheDocument();
    const calls = available;
    await user.click(open.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(available).toBe(calls + 1));
    // A trip is posted from Home, and the marketplace is one tap away.
    const actions = within(screen.getByRole('region', { name: 'Quick actions' }));
    expect(actions.getByRole('link', { name: 'Post a trip' })).toHaveAttribute('href', '/trips/new');
    expect(actions.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
  });

  it('explains the fee, the handover code and ratings on an empty dashboard until dismissed', async () => {
    server.use(meHandler(hosteller));
    const first = renderApp('/hosteller/dashboard', { user: hosteller });
    const card = await screen.findByRole('region', { name: 'How CampusRun works' }, { timeout: 15_000 });
    expect(
      within(card)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['The fee', 'The handover code', 'Ratings']);
    await first.user.click(within(card).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'How CampusRun works' })).not.toBeInTheDocument();
    first.unmount();

    // Remembered: the next visit shows the dashboard without it.
    renderApp('/hosteller/dashboard', { user: hosteller });
    expect(
      await screen.findByRole('region', { name: 'Recent requests' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await screen.findByText('No requests yet');
    expect(screen.queryByRole('region', { name: 'How CampusRun works' })).not.toBeInTheDocument();
  });

  it('shows no first-run card once there is something on the dashboard', async () => {
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/stats'), () =>
        HttpResponse.json({
          stats: {
            pendingDeliveries: 0,
            completedDeliveries: 3,
            cancelledDeliveries: 0,
            availableRequests: 0,
            totalEarnings: 150,
            totalTips: 0,
          },
        }),
      ),
    );
    renderApp('/dayscholar/dashboard', { user: dayscholar });
    expect(await screen.findByText('₹150', {}, { timeout: 15_000 })).toBeInTheDocument();
    // No tips yet: nothing said about them.
    expect(screen.queryByText(/in tips/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'How CampusRun works' })).not.toBeInTheDocument();
  });
});
