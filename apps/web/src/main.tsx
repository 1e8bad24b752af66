import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/v4/core';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { registerServiceWorker } from '@/lib/service-worker';
import { followTheme } from '@/lib/theme';
import { UpdatePrompt } from '@/app/UpdatePrompt';
import './index.css';

// The shared schemas validate without generated code: the CSP allows no eval, and zod's probe for
// it would be reported as a violation.
configureZod({ jitless: true });

// public/theme-init.js applied the theme before the first paint; from here it follows changes.
followTheme();

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes());

// Spec §8: any 401 on a signed-in request ends the session and shows /login.
setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== paths.login) void router.navigate(paths.login, { replace: true });
});

const update = registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      {update && <UpdatePrompt update={update} />}
    </AppProviders>
  </StrictMode>,
);
