import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

// An empty list shows an icon, one sentence, and the next action.
describe('empty request lists offer the next action', { timeout: 20_000 }, () => {
  it.each([
    ['active', 'No active deliveries'],
    ['completed', 'No completed deliveries yet'],
    ['cancelled', 'No cancelled deliveries'],
  ])('my deliveries, %s tab: Browse requests', async (tab, title) => {
    server.use(
      meHandler(dayscholar),
      http.get(api('/requests/my-deliveries'), () => HttpResponse.json({ deliveries: [], nextCursor: null })),
    );
    renderApp(`/dayscholar/my-deliveries?tab=${tab}`, { user: dayscholar });
    expect(await screen.findByText(title, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse requests' })).toHaveAttribute(
      'href',
      '/dayscholar/browse-requests',
    );
  });

  it.each(['pending', 'accepted', 'completed', 'cancelled'])(
    'my requests filtered by %s: Create a request',
    async (status) => {
      server.use(
        meHandler(hosteller),
        http.get(api('/requests/my-requests'), () => HttpResponse.json({ requests: [], nextCursor: null })),
      );
      renderApp(`/hosteller/my-requests?status=${status}`, { user: hosteller });
      expect(await screen.findByText(`No ${status} requests`, {}, { timeout: 15_000 })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Create a request' })).toHaveAttribute(
        'href',
        '/hosteller/my-requests/new',
      );
    },
  );

  it('browse requests with no filters: Refresh asks the server again', async () => {
    let calls = 0;
    server.use(
      meHandler(dayscholar),
      http.get(api('/dayscholar/requests/available'), () => {
        calls += 1;
        return HttpResponse.json({ requests: [], nextCursor: null });
      }),
    );
    const { user } = renderApp('/dayscholar/browse-requests', { user: dayscholar });
    expect(
      await screen.findByText('No open requests right now', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await expect.poll(() => calls).toBe(2);
  });
});
