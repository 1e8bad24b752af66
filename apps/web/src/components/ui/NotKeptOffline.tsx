import { CloudOff } from 'lucide-react';
import { EmptyState } from './EmptyState';

/**
 * In place of a loading state that would never end: the screen was opened offline and nothing of it
 * was kept on this phone. It loads by itself once the network is back.
 */
export function NotKeptOffline({ what }: { what: string }) {
  return (
    <EmptyState
      icon={CloudOff}
      title={`${what} isn’t saved on this phone`}
      description="It loads by itself when you’re back online."
    />
  );
}

/** A query that has no data yet and waits for the network (TanStack pauses it offline). */
export const waitsForNetwork = (query: { isPending: boolean; fetchStatus: string }) =>
  query.isPending && query.fetchStatus === 'paused';
