import { LOGISTICS_LABELS } from '@campusrun/shared';
import { Plus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListCard, ListError } from '@/components/ui/ListState';
import { LoadMore } from '@/components/ui/LoadMore';
import { PageHeader } from '@/components/ui/PageHeader';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { useRuns } from '@/api/runs';
import { RunCard, RunCardSkeletons } from './RunCard';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';

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
  if (waitsForNetwork(query))
    content = (
      <ListCard>
        <NotKeptOffline what="This list" />
      </ListCard>
    );
  else if (query.isPending) content = <RunCardSkeletons count={3} />;
  else if (query.error && !runs) content = <ListError title={failed} query={query} />;
  else if (!runs || runs.length === 0)
    content = (
      <ListCard>
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
      </ListCard>
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
      <PageHeader
        title={LOGISTICS_LABELS.runs}
        description={
          isHosteller
            ? 'Several hostellers, one trip to the shop: the delivery fee is split equally.'
            : 'Several requests from one shop, accepted and delivered together.'
        }
        actions={start || undefined}
      />
      <div className="mt-6">{content}</div>
    </>
  );
}
