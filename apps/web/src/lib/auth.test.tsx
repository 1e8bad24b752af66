import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { menuButton } from '@/test/menus';

// The user menu positions itself with ResizeObserver, which jsdom lacks.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});

async function signOut() {
  const app = renderApp('/hosteller/dashboard', { user: hosteller, token: 'device-token' });
  await app.user.click(await menuButton('Open user menu'));
  // The menu's code may still be arriving: it opens when it is here.
  await app.user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
  return app;
}

describe('signing out', () => {
  it('sign-out does not revoke: signing out ends the session on the server with its token, then locally', async () => {
    const calls: Array<string | null> = [];
    server.use(
      meHandler(hosteller),
      http.post(api('/auth/logout'), ({ request }) => {
        calls.push(request.headers.get('authorization'));
        return HttpResponse.json({ message: 'Logged out successfully' });
      }),
    );
    const { location } = await signOut();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(calls).toEqual(['Bearer device-token']));
  });

  it('signs out here just the same when the server cannot be reached', async () => {
    let called = false;
    server.use(
      meHandler(hosteller),
      http.post(api('/auth/logout'), () => {
        called = true;
        return HttpResponse.error();
      }),
    );
    const { location } = await signOut();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(called).toBe(true));
    expect(await screen.findByRole('button', { name: /sign in|log in|login/i })).toBeInTheDocument();
  });
});
