import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/ErrorState';
import { paths } from '@/config/paths';
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
        <>
          {/* The list below is what the screen is for: a phone shows the soonest run, a wider screen two. */}
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Shared runs to accept" aria-live="polite">
            {runs.slice(0, 2).map((run, i) => (
              <RunCard key={run.id} run={run} className={i > 0 ? 'max-sm:hidden' : undefined} />
            ))}
          </ul>
          {runs.length > 1 && (
            <p className="mt-2 text-sm">
              <Link
                to={paths.runs}
                className="inline-flex min-h-11 items-center font-medium text-indigo-700 underline"
              >
                {`See all ${runs.length} shared runs`}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
