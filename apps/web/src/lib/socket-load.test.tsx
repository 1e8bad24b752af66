import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { meHandler, server } from '@/test/server';

// The client library fails to download once (offline, or replaced by a new version), then loads.
let loadAttempts = 0;
vi.mock('socket.io-client', async () => {
  loadAttempts += 1;
  if (loadAttempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
  return import('@/test/socket');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SocketProvider when socket.io-client cannot be loaded', () => {
  it('shows the banner and loads it again with the reconnection backoff', async () => {
    const [{ AppProviders, createQueryClient }, { ConnectionBanner, useSocket }, { sessionStore }] =
      await Promise.all([import('@/app/providers'), import('./socket'), import('./session')]);
    function Probe() {
      return <p data-testid="probe">{useSocket().status}</p>;
    }
    server.use(meHandler(hosteller));
    localStorage.setItem('token', 'test-token');
    localStorage.setItem('user', JSON.stringify(hosteller));
    sessionStore.reload();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Probe />
        <ConnectionBanner />
      </AppProviders>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('reconnecting'));
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('connected'));
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
    expect(loadAttempts).toBe(2);
  });
});
