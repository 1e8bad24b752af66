import { SOCKET_OPTIONS } from '@campusrun/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import { hosteller } from '@/test/fixtures';
import { api, meHandler, server } from '@/test/server';
import { currentSocket, fakeSockets } from '@/test/socket';
import { ConnectionBanner, reconnectDelay, useSocket } from './socket';
import { sessionStore } from './session';

function Probe() {
  const { status, reconnects } = useSocket();
  return (
    <p data-testid="probe">
      {status} {reconnects}
    </p>
  );
}

/** Signed in, with the socket connected. */
async function start() {
  server.use(meHandler(hosteller));
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify(hosteller));
  sessionStore.reload();
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <Probe />
      <ConnectionBanner />
    </AppProviders>,
  );
  await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('connected 0'));
  return { ...utils, socket: currentSocket() };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('starts at 1000 ms, doubles, never exceeds 5000 ms and is spread by ±50%', () => {
    expect([0, 1, 2, 3, 8].map((n) => reconnectDelay(n, 0.5))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(reconnectDelay(0, 0)).toBe(500);
    expect(reconnectDelay(0, 0.999)).toBeCloseTo(1499, 0);
    expect(reconnectDelay(10, 0.999)).toBe(SOCKET_OPTIONS.reconnectionDelayMax);
  });
});

describe('SocketProvider', { timeout: 20_000 }, () => {
  it('connects again after the server closed the socket, and counts it as a reconnect', async () => {
    const { socket } = await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vi.advanceTimersByTime(60_000); // the connection has been up for a while

    socket.serverDisconnect();
    expect(screen.getByTestId('probe')).toHaveTextContent('reconnecting 0');
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    // Not at once (no hammering): after the first reconnection delay.
    expect(socket.connectCalls).toBe(0);
    advance(SOCKET_OPTIONS.reconnectionDelay - 1);
    expect(socket.connectCalls).toBe(0);
    advance(1);
    expect(socket.connectCalls).toBe(1);
    expect(fakeSockets).toHaveLength(1); // the same socket (its listeners and manager) comes back

    socket.serverConnect();
    expect(screen.getByTestId('probe')).toHaveTextContent('connected 1');
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
    // Nothing to announce on a reconnect: the handshake's token says who this is.
    expect(socket.emitted.map((e) => e.event)).not.toContain('user:login');
  });

  it('backs off further when the server keeps closing the socket right after it connects', async () => {
    const { socket } = await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vi.advanceTimersByTime(60_000);

    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      socket.serverDisconnect();
      const calls = socket.connectCalls;
      let waited = 0;
      while (socket.connectCalls === calls && waited < 60_000) {
        advance(100);
        waited += 100;
      }
      waits.push(waited);
      socket.serverConnect();
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000]);
  });

  it('does not connect again once unmounted (or signed out)', async () => {
    const { socket, unmount } = await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    socket.serverDisconnect();
    unmount();
    advance(SOCKET_OPTIONS.reconnectionDelayMax * 2);
    expect(socket.connectCalls).toBe(0);
  });

  it('leaves a lost connection to socket.io, which reconnects by itself', async () => {
    const { socket } = await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    socket.serverDrop();
    advance(SOCKET_OPTIONS.reconnectionDelayMax * 2);
    expect(socket.connectCalls).toBe(0);
  });

  it('checks the session over HTTP after a refused handshake before trying again', async () => {
    const { socket } = await start();
    let checks = 0;
    server.use(
      http.get(api('/auth/me'), () => {
        checks += 1;
        return HttpResponse.json({ user: hosteller });
      }),
    );
    // Fake time that also runs on its own, so the HTTP call can complete.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    socket.serverDisconnect();
    advance(SOCKET_OPTIONS.reconnectionDelayMax);
    expect(socket.connectCalls).toBe(1);

    socket.serverRefuse('unauthorized');
    await waitFor(() => expect(checks).toBe(1));
    expect(socket.connectCalls).toBe(1);
    // …then, the session being good, one more attempt after the longest delay.
    for (let waited = 0; waited < 10_000 && socket.connectCalls < 2; waited += 500) {
      await act(() => vi.advanceTimersByTimeAsync(500));
    }
    expect(socket.connectCalls).toBe(2);
  });
});

describe('SocketProvider when sessions end', { timeout: 20_000 }, () => {
  it('the device that changed the password reconnects with its new token', async () => {
    const { socket } = await start();
    let checks = 0;
    server.use(
      http.get(api('/auth/me'), () => {
        checks += 1;
        return HttpResponse.json({ user: hosteller });
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    // The server closes every socket of the account; the answer to the change brings the new token.
    socket.serverDisconnect();
    act(() => sessionStore.setToken('new-token'));
    await waitFor(() => expect(fakeSockets).toHaveLength(2));
    expect(currentSocket().options.auth).toEqual({ token: 'new-token' });
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('connected 0'));
    // The closed socket with the old token never comes back, and the session is not questioned.
    advance(SOCKET_OPTIONS.reconnectionDelayMax * 2);
    expect(socket.connectCalls).toBe(0);
    expect(checks).toBe(0);
    expect(sessionStore.get().token).toBe('new-token');
  });

  it('a revoked device is signed out when its socket is refused and the session check answers 401', async () => {
    const { socket } = await start();
    server.use(
      http.get(api('/auth/me'), () =>
        HttpResponse.json({ message: 'Your session has expired. Please sign in again.' }, { status: 401 }),
      ),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    socket.serverDisconnect();
    advance(SOCKET_OPTIONS.reconnectionDelayMax);
    expect(socket.connectCalls).toBe(1);
    socket.serverRefuse('unauthorized');
    await waitFor(() => expect(sessionStore.get().token).toBeNull());
    expect(screen.getByTestId('probe')).toHaveTextContent('off');
  });

  it('a handshake refused for too many attempts is tried again after the wait the server gives', async () => {
    const { socket } = await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    socket.serverDrop();
    socket.active = false;
    socket.serverEmit(
      'connect_error',
      Object.assign(new Error('Too many connection attempts. Please wait a moment.'), {
        data: { retryAfter: 30 },
      }),
    );
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    advance(30_000 - 1);
    expect(socket.connectCalls).toBe(0);
    advance(1);
    expect(socket.connectCalls).toBe(1);
    socket.serverConnect();
    expect(screen.getByTestId('probe')).toHaveTextContent('connected 1');
  });
});

describe('ConnectionBanner', () => {
  it('takes its own place under the header and tells full-height screens its height', async () => {
    const { socket } = await start();
    const height = () => document.documentElement.style.getPropertyValue('--reconnecting-banner-height');
    expect(height()).toBe('');
    socket.serverDrop();
    const banner = screen.getByText('Reconnecting…').parentElement!;
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveAttribute('aria-live', 'polite');
    // In the flow, right under the top bar (not over the chat header); the chat thread subtracts the
    // published height.
    expect(banner).toHaveClass('sticky', 'top-(--top-bar-height)');
    expect(height()).toBe('2rem');
    socket.serverConnect();
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());
    expect(height()).toBe('');
  });

  it('says offline as soon as the browser loses the network, and "Back online" for a moment after', async () => {
    await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const online = vi.spyOn(navigator, 'onLine', 'get');
    try {
      online.mockReturnValue(false);
      act(() => void window.dispatchEvent(new Event('offline')));
      // The socket has not noticed yet: the browser's word is enough.
      expect(screen.getByRole('status')).toHaveTextContent(
        'You’re offline. Showing what was last loaded.',
      );
      online.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      expect(screen.getByRole('status')).toHaveTextContent('Back online');
      advance(3000);
      expect(screen.getByRole('status')).toHaveTextContent('');
    } finally {
      online.mockRestore();
    }
  });
});
