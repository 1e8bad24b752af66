import { SAVED_SEARCH_LIMITS } from '@campusrun/shared';
import { BellPlus } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListCard, ListError } from '@/components/ui/ListState';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';
import { PageHeader } from '@/components/ui/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useSavedSearches } from '@/api/searches';
import { SavedSearchRow } from './SavedSearchRow';

const LOAD_FAILED = 'Failed to load your saved searches';

function Empty() {
  const { user } = useAuth();
  const where =
    user?.role === 'dayscholar'
      ? 'Search the marketplace or Browse requests, then press “Save this search”.'
      : 'Search the marketplace, then press “Save this search”.';
  return (
    <EmptyState
      icon={BellPlus}
      title="No saved searches yet"
      description={`${where} You’ll hear when something new matches.`}
      action={
        <Link to={paths.marketplace} className={buttonClasses({})}>
          Browse the marketplace
        </Link>
      }
    />
  );
}

function Loading() {
  return (
    <ListCard>
      <div className="space-y-4 p-4" role="status" aria-label="Loading saved searches">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-4/5" />
            <Skeleton className="h-8 w-2/3" />
          </div>
        ))}
      </div>
    </ListCard>
  );
}

/** The list with its count, and its loading, offline, error and empty states. */
function SavedSearchList() {
  const query = useSavedSearches();
  // A deleted row takes its buttons with it: focus goes to the list.
  const listRef = useRef<HTMLElement>(null);
  if (waitsForNetwork(query))
    return (
      <ListCard>
        <NotKeptOffline what="This list" />
      </ListCard>
    );
  if (query.isPending) return <Loading />;
  if (query.error && !query.data) return <ListError title={LOAD_FAILED} query={query} />;
  const searches = query.data;
  if (searches.length === 0)
    return (
      <ListCard>
        <Empty />
      </ListCard>
    );
  return (
    <section ref={listRef} tabIndex={-1} aria-labelledby="saved-searches-count" className="outline-none">
      <p id="saved-searches-count" className="mb-3 text-sm text-slate-600">
        {searches.length} of {SAVED_SEARCH_LIMITS.perMember} saved searches
      </p>
      <ListCard>
        <ul className="divide-y divide-slate-100" aria-label="Saved searches">
          {searches.map((search) => (
            <SavedSearchRow key={search.id} search={search} onDeleted={() => listRef.current?.focus()} />
          ))}
        </ul>
      </ListCard>
    </section>
  );
}

/**
 * /searches: the member's saved searches, newest first, each with its new matches since it was last
 * opened; open one (its list, filtered), rename it, pause or resume its alerts, delete it.
 */
export function SavedSearchesPage() {
  return (
    <>
      <PageHeader
        title="Saved searches"
        description="You hear when something new matches one of these: at most one alert an hour for each."
      />
      <div className="mt-6">
        <SavedSearchList />
      </div>
    </>
  );
}
