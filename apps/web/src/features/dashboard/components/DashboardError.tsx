import { ErrorState } from '@/components/ui/ErrorState';

/** A dashboard that could not load says 'Failed to load dashboard data' with a Retry that reloads every part. */
export function DashboardError({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <section className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ErrorState
        title="Failed to load dashboard data"
        error={error}
        onRetry={onRetry}
        isRetrying={isRetrying}
      />
    </section>
  );
}
