import { LOGISTICS_LABELS } from '@campusrun/shared';
import { Plus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { LoadMore } from '@/components/ui/LoadMore';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { useRuns } from '@/api/runs';
import { RunCard, RunCardSkeletons } from './RunCard';

/** /runs: a hosteller's runs to join and their own; a day scholar's runs to accept. */
export function RunsPage() {
  const { user } = useAuth();
  const isHosteller = user?.role === 'hosteller';
  const query = useRuns();
  const runs = query.data?.pages.flatMap((page) => page.runs);
  const { listRef, markLoadMore } = useLoadMoreFocus(runs);
  const failed = 'Failed to load shared runs';
  const start = isHosteller && (
    <Link to={paths.newRun} className={buttonClasses()}>
      <Plus className="size-4" aria-hidden="true" />
      {LOGISTICS_LABELS.startRun}
    </Link>
  );

  let content;
  if (query.isPending) content = <RunCardSkeletons count={3} />;
  else if (query.error && !runs)
    content = (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ErrorState
          title={failed}
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isRefetching}
        />
      </div>
    );
  else if (!runs || runs.length === 0)
    content = (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <EmptyState
          icon={Users}
          title="No shared runs open"
          description={
            isHosteller
              ? 'Start one: others add their items, one day scholar brings them all and the fee is split.'
              : 'When hostellers share a run, it shows here for you to accept as one delivery.'
          }
          action={start || undefined}
        />
      </div>
    );
  else
    content = (
      <>
        <ul ref={listRef} className="space-y-3" aria-label="Shared runs" aria-live="polite">
          {runs.map((run) => (
            <RunCard key={run.id} run={run} />
          ))}
        </ul>
        <LoadMore query={query} failedMessage={failed} onLoad={markLoadMore} />
      </>
    );

  return (
    <>
      <title>Shared runs · CampusRun</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{LOGISTICS_LABELS.runs}</h1>
          <p className="mt-1 text-sm text-slate-500">
            {isHosteller
              ? 'Several hostellers, one trip to the shop: the delivery fee is split equally.'
              : 'Several requests from one shop, accepted and delivered together.'}
          </p>
        </div>
        {start && <div className="flex gap-2">{start}</div>}
      </div>
      <div className="mt-6">{content}</div>
    </>
  );
}
