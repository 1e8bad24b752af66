import type { User } from '@campusrun/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { setUnauthorizedHandler } from '@/lib/api-client';
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
  const router = createMemoryRouter(createRoutes(), {
    initialEntries: [
      { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
    ],
  });
  setUnauthorizedHandler(() => void router.navigate('/login', { replace: true }));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const events = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, user: events, queryClient };
}
