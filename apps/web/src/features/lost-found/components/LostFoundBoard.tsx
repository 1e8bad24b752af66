import { LOST_FOUND_UI } from '@campusrun/shared';
import { PackageSearch, Plus, SearchCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListCard, ListError } from '@/components/ui/ListState';
import { LoadMore } from '@/components/ui/LoadMore';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { type LostFoundFilters as Filters, useLostFoundPosts } from '@/api/lost-found';
import { useLostFoundFilters } from '../hooks/useLostFoundFilters';
import { LostFoundFilters } from './LostFoundFilters';
import { LostFoundRow } from './LostFoundRow';

const T = LOST_FOUND_UI.list;

/** "New post": the way to the form, the kind the board shows already chosen. */
function NewPostLink({ kind }: { kind: Filters['kind'] }) {
  return (
    <Link
      to={kind ? `${paths.newLostFound}?kind=${kind}` : paths.newLostFound}
      className={buttonClasses({ className: 'w-full sm:w-auto' })}
    >
      <Plus className="size-4" aria-hidden="true" />
      {LOST_FOUND_UI.newPost}
    </Link>
  );
}

/** Rows shaped like the posts: a square picture, a title and two lines. */
function Loading() {
  return (
    <ListCard>
      <div className="divide-y divide-slate-100" role="status" aria-label={T.loading}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-3 px-4 py-3">
            <Skeleton className="size-14 shrink-0 rounded-lg" />
            <div className="flex-1 space-y-2 pt-1">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    </ListCard>
  );
}

function Empty({ filters, onClear }: { filters: Filters; onClear?: () => void }) {
  return onClear ? (
    <EmptyState
      icon={PackageSearch}
      title={T.filteredTitle}
      description={T.filteredDescription}
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <Button variant="secondary" onClick={onClear}>
            {T.clearFilters}
          </Button>
          <NewPostLink kind={filters.kind} />
        </div>
      }
    />
  ) : (
    <EmptyState
      icon={SearchCheck}
      title={T.emptyTitle}
      description={T.emptyDescription}
      action={<NewPostLink kind="" />}
    />
  );
}

function Posts({ filters, onClear }: { filters: Filters; onClear?: () => void }) {
  const query = useLostFoundPosts(filters);
  const posts = query.data?.pages.flatMap((page) => page.posts);
  const { listRef, markLoadMore } = useLoadMoreFocus(posts);

  if (waitsForNetwork(query))
    return (
      <ListCard>
        <NotKeptOffline what={T.offline} />
      </ListCard>
    );
  if (query.isPending) return <Loading />;
  if (query.error && !posts) return <ListError title={T.failed} query={query} />;
  if (!posts || posts.length === 0)
    return (
      <ListCard>
        <Empty filters={filters} onClear={onClear} />
      </ListCard>
    );
  return (
    <>
      <ListCard>
        <ul
          ref={listRef}
          aria-label={T.label}
          aria-busy={query.isPlaceholderData || undefined}
          className="divide-y divide-slate-100"
        >
          {posts.map((post) => (
            <LostFoundRow key={post.id} post={post} />
          ))}
        </ul>
      </ListCard>
      <LoadMore query={query} failedMessage={T.failed} onLoad={markLoadMore} />
    </>
  );
}

/**
 * /lost-found, for every member: the open lost and found posts, newest first, 20 a page with "Load
 * more"; Lost or Found, words and a category narrow it (kept in the address). "New post" leads to
 * the form.
 */
export function LostFoundBoard() {
  const { filters, setFilters, clearFilters, hasFilters } = useLostFoundFilters();
  return (
    <>
      <title>{`${LOST_FOUND_UI.title} · CampusRun`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">{LOST_FOUND_UI.title}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-500">{LOST_FOUND_UI.description}</p>
        </div>
        <NewPostLink kind={filters.kind} />
      </div>
      <div className="mt-5">
        <LostFoundFilters filters={filters} onChange={setFilters} />
      </div>
      <div className="mt-5">
        <Posts filters={filters} onClear={hasFilters ? clearFilters : undefined} />
      </div>
    </>
  );
}
