import { ErrorState } from '@/components/ui/ErrorState';
import { useRuns } from '@/api/runs';
import { RunCard, RunCardSkeletons } from './RunCard';

/**
 * The runs a day scholar may accept (the first page of their list, soonest deadline first), as cards
 * above another list (Browse); the rest are on /runs. Shows nothing when there are none, so the list
 * below keeps its place.
 */
export function OpenRunsStrip() {
  const query = useRuns();
  const runs = query.data?.pages[0]?.runs.filter((run) => run.can.accept) ?? [];
  if (!query.isPending && !query.isError && runs.length === 0) return null;
  return (
    <section aria-labelledby="open-runs" className="mt-6">
      <h2 id="open-runs" className="mb-3 text-lg font-semibold text-slate-900">
        Shared runs
      </h2>
      {query.isPending ? (
        <RunCardSkeletons count={1} />
      ) : query.isError ? (
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <ErrorState
            title="Failed to load shared runs"
            onRetry={() => void query.refetch()}
            isRetrying={query.isRefetching}
          />
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Shared runs to accept" aria-live="polite">
          {runs.map((run) => (
            <RunCard key={run.id} run={run} />
          ))}
        </ul>
      )}
    </section>
  );
}
