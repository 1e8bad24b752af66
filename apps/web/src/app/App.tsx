import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AppUpdate } from '@/lib/service-worker';
import { AppProviders } from './providers';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The whole app. The browser renders it (main.tsx) and the build prerenders the public screens with
 * it (prerender.tsx); both must render the same tree so that the browser can take over the
 * prerendered HTML (hydration) instead of drawing it again.
 */
export function App({
  router,
  queryClient,
  update,
  onReady,
}: {
  router: DataRouter;
  queryClient: QueryClient;
  update?: AppUpdate | null;
  /** Called once the first render is on the page (the prerendered HTML taken over, or drawn). */
  onReady?: () => void;
}) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        {update && <UpdatePrompt update={update} />}
      </AppProviders>
    </StrictMode>
  );
}
