import type { User } from '@campusrun/shared';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { AppRoutes, createRoutes } from '@/app/router';
import { sessionStore } from '@/lib/session';

export interface RenderAppOptions {
  /** Signed in as this user (token + user in local storage before start). */
  user?: User;
  token?: string;
  /** Navigation state of the first entry (e.g. /verify-email's { email, userId }). */
  state?: unknown;
}

/** Render the whole app (real routes, guards and providers) at `path`. */
export function renderApp(path: string, { user, token = 'test-token', state }: RenderAppOptions = {}) {
  if (user) {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }
  sessionStore.reload();
  // The router as the app sees it, for tests to read the address and navigate as a link would.
  let shown: { location: Location; navigate: NavigateFunction } | undefined;
  function Probe() {
    shown = { location: useLocation(), navigate: useNavigate() };
    return null;
  }
  const router = () => {
    if (!shown) throw new Error('the router has not rendered');
    return shown;
  };
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const events = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter
        initialEntries={[
          { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
        ]}
      >
        <Probe />
        <AppRoutes routes={createRoutes()} />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...utils,
    /** The address the app shows. */
    location: () => router().location,
    navigate: (to: string) => act(() => void router().navigate(to)),
    user: events,
    queryClient,
  };
}
