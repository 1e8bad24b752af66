import type { ReactNode } from 'react';
import { ErrorState } from './ErrorState';

/** A list's place when it shows no items: on a card, like the page's other panels. */
export function ListCard({ children }: { children: ReactNode }) {
  return <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">{children}</div>;
}

/** A list that failed to load, on its card: what failed, the error's detail and Retry. */
export function ListError({
  title,
  query,
}: {
  title: string;
  query: { error: unknown; refetch: () => unknown; isRefetching: boolean };
}) {
  return (
    <ListCard>
      <ErrorState
        title={title}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
      />
    </ListCard>
  );
}
