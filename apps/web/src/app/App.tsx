import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import type { AppUpdate } from '@/lib/service-worker';
import { AppProviders } from './providers';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The whole app. The browser renders it (main.tsx) and the build prerenders the public screens with
 * it (prerender.tsx); both must render the same tree so that the browser can take over the
 * prerendered HTML (hydration) instead of drawing it again.
 */
export function App({
  children,
  queryClient,
  update,
}: {
  /** The router with the app's routes (the browser's address, or the prerendered path). */
  children: ReactNode;
  queryClient: QueryClient;
  update?: AppUpdate | null;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {children}
        {update && <UpdatePrompt update={update} />}
      </AppProviders>
    </StrictMode>
  );
}
