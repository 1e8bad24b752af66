/**
 * Screens opened offline with nothing of them kept on the phone say so, instead of showing their
 * loading skeletons for ever, and load by themselves once the network is back.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { chatHandlers } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeTrip } from '@/test/logistics';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const slow = { timeout: 15_000 };
afterEach(() => {
  // The screen goes before the network returns, so its paused loads never leave.
  cleanup();
  onlineManager.setOnline(true);
});

describe('opened offline with nothing kept', { timeout: 30_000 }, () => {
  it.each([
    { screen: 'the trips list', at: '/trips', says: 'This list' },
    { screen: 'the shared runs list', at: '/runs', says: 'This list' },
    { screen: 'a trip', at: `/trips/${crypto.randomUUID()}`, says: 'This trip' },
    { screen: 'a shared run', at: `/runs/${crypto.randomUUID()}`, says: 'This run' },
    { screen: 'the conversations', at: '/chat', says: 'Your conversations' },
    { screen: 'a conversation', at: `/chat/${dayscholar.id}`, says: 'This conversation' },
    { screen: 'a public profile', at: `/users/${dayscholar.id}`, says: 'This profile' },
    { screen: 'the saved searches', at: '/searches', says: 'This list' },
  ])('$screen says it is not saved on this phone', async ({ at, says }) => {
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar));
    act(() => onlineManager.setOnline(false));
    renderApp(at, { user: hosteller });
    expect(await screen.findByText(`${says} isn’t saved on this phone`, undefined, slow)).toBeVisible();
  });

  it("the hosteller's Home says it of each list, and fills them once back online", async () => {
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar));
    act(() => onlineManager.setOnline(false));
    renderApp('/hosteller/dashboard', { user: hosteller });
    expect(await screen.findAllByText('This list isn’t saved on this phone', undefined, slow)).toHaveLength(
      2,
    );
    act(() => onlineManager.setOnline(true));
    await waitFor(
      () => expect(screen.queryByText('This list isn’t saved on this phone')).not.toBeInTheDocument(),
      slow,
    );
  });

  it('a trip loads by itself once the network is back', async () => {
    const trip = makeTrip({ from: 'Katpadi market' });
    server.use(
      meHandler(hosteller),
      ...chatHandlers(dayscholar),
      http.get(api(`/trips/${trip.id}`), () => HttpResponse.json({ trip })),
    );
    act(() => onlineManager.setOnline(false));
    renderApp(`/trips/${trip.id}`, { user: hosteller });
    await screen.findByText('This trip isn’t saved on this phone', undefined, slow);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findAllByText(/Katpadi market/, undefined, slow)).not.toHaveLength(0);
    expect(screen.queryByText('This trip isn’t saved on this phone')).not.toBeInTheDocument();
  });
});
