import type { DeviceSession } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const LAPTOP: DeviceSession = {
  id: '5e55a1c0-0000-4000-8000-000000000001',
  device: 'Firefox on Windows',
  createdAt: '2026-09-01T10:00:00.000Z',
  lastSeenAt: minutesAgo(0),
  current: true,
};
const PHONE: DeviceSession = {
  id: '5e55a1c0-0000-4000-8000-000000000002',
  device: 'Chrome on Android',
  createdAt: '2026-09-02T10:00:00.000Z',
  lastSeenAt: minutesAgo(120),
  current: false,
};

async function openProfile(sessions: DeviceSession[] | (() => Response | Promise<Response>)) {
  server.use(
    meHandler(hosteller),
    http.get(
      api('/auth/sessions'),
      typeof sessions === 'function' ? sessions : () => HttpResponse.json({ sessions }),
    ),
  );
  const result = renderApp('/profile', { user: hosteller, token: 'laptop-token' });
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return result;
}
const section = () => within(screen.getByRole('region', { name: 'Security and sessions' }));

describe('Security and sessions', () => {
  it('lists the signed-in devices, marks this one, and names each Sign out button after its device', async () => {
    await openProfile([LAPTOP, PHONE]);
    const devices = within(await section().findByRole('list', { name: 'Signed-in devices' }));
    const items = devices.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Firefox on Windows')).toBeInTheDocument();
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Active now/)).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Chrome on Android')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/Last active 2 hr ago/)).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Sign out Chrome on Android' })).toBeEnabled();
    expect(section().getByRole('button', { name: 'Sign out of all devices' })).toBeEnabled();
  });

  it('signs another device out, and only that one', async () => {
    const ended: string[] = [];
    let sessions = [LAPTOP, PHONE];
    server.use(
      http.delete(api('/auth/sessions/:id'), ({ params }) => {
        ended.push(String(params.id));
        sessions = sessions.filter((s) => s.id !== params.id);
        return HttpResponse.json({ message: 'Device signed out' });
      }),
    );
    const { user, location } = await openProfile(() => HttpResponse.json({ sessions }));
    await user.click(await section().findByRole('button', { name: 'Sign out Chrome on Android' }));
    await waitFor(() => expect(section().queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(ended).toEqual([PHONE.id]);
    expect(await screen.findByText('Chrome on Android signed out')).toBeInTheDocument();
    expect(section().getByText('You are signed in on this device only.')).toBeInTheDocument();
    // Signing out of all devices would only sign this one out: Sign out (the user menu) does that.
    expect(section().queryByRole('button', { name: 'Sign out of all devices' })).not.toBeInTheDocument();
    expect(location().pathname).toBe('/profile');
    expect(sessionStore.getToken()).toBe('laptop-token');
  });

  it('signs out of all devices after confirming, then this device lands on the sign-in page', async () => {
    const calls: string[] = [];
    server.use(
      http.post(api('/auth/logout-all'), ({ request }) => {
        calls.push(`logout-all ${request.headers.get('authorization')}`);
        return HttpResponse.json({ message: 'Signed out of all devices' });
      }),
      http.post(api('/auth/logout'), () => {
        calls.push('logout');
        return HttpResponse.json({ message: 'Logged out successfully' });
      }),
    );
    const { user, location } = await openProfile([LAPTOP, PHONE]);
    await user.click(await section().findByRole('button', { name: 'Sign out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all devices?' });
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await user.click(section().getByRole('button', { name: 'Sign out of all devices' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }),
    );
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(calls).toEqual(['logout-all Bearer laptop-token']);
    expect(sessionStore.getToken()).toBeNull();
    expect(await screen.findByText('Signed out of all devices')).toBeInTheDocument();
  });

  it('shows a loading state, then an error with Retry that loads the list', async () => {
    let fail = true;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user } = await openProfile(async () => {
      await held;
      return fail
        ? HttpResponse.json({ message: 'Server error', code: 'INTERNAL' }, { status: 500 })
        : HttpResponse.json({ sessions: [LAPTOP] });
    });
    expect(section().getByRole('status', { name: 'Loading signed-in devices' })).toBeInTheDocument();
    release();
    expect(await section().findByText('Failed to load your signed-in devices')).toBeInTheDocument();
    fail = false;
    await user.click(section().getByRole('button', { name: 'Retry' }));
    expect(await section().findByText('Firefox on Windows')).toBeInTheDocument();
    expect(section().getByText('You are signed in on this device only.')).toBeInTheDocument();
  });

  it('a device signed out from elsewhere goes to the sign-in page on its next call', async () => {
    const { location } = await openProfile(() =>
      HttpResponse.json(
        { message: 'Your session has expired. Please sign in again.', code: 'UNAUTHORIZED' },
        { status: 401 },
      ),
    );
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(sessionStore.getToken()).toBeNull();
  });
});
