import { WANTED_LIMITS } from '@campusrun/shared';
import { Megaphone, PackageSearch, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListCard, ListError } from '@/components/ui/ListState';
import { LoadMore } from '@/components/ui/LoadMore';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { useWantedPosts } from '@/api/wanted';
import { useWantedFilters } from '../hooks/useWantedFilters';
import { WantedFilters } from './WantedFilters';
import { WantedRow } from './WantedRow';

const LOAD_FAILED = 'Failed to load wanted posts';

/** "Post a wanted item": the way to the form, wherever the list offers it. */
export function PostWantedLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  return (
    <Link to={paths.newWanted} className={buttonClasses({ variant })}>
      <Plus className="size-4" aria-hidden="true" />
      Post a wanted item
    </Link>
  );
}

function Loading() {
  return (
    <ListCard>
      <div className="space-y-4 p-4" role="status" aria-label="Loading wanted posts">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        ))}
      </div>
    </ListCard>
  );
}

function Empty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return filtered ? (
    <EmptyState
      icon={PackageSearch}
      title="No wanted posts match your filters"
      description="Try other words, or clear the filters to see everything students are looking for."
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
          <PostWantedLink />
        </div>
      }
    />
  ) : (
    <EmptyState
      icon={Megaphone}
      title="Nobody is looking for anything yet"
      description={`Can’t find it on sale? Post what you want and the most you would pay. Others answer “I have one” in chat, and you hear when a matching item is listed. Posts stay up ${WANTED_LIMITS.days} days.`}
      action={<PostWantedLink />}
    />
  );
}

/**
 * The marketplace's Wanted tab: what students are looking for, newest first, with words and a
 * category in the URL; pages of 20 with "Load more".
 */
export function WantedBoard() {
  const { filters, setFilters, clearFilters, hasFilters } = useWantedFilters();
  const query = useWantedPosts(filters);
  const posts = query.data?.pages.flatMap((page) => page.posts);
  const { listRef, markLoadMore } = useLoadMoreFocus(posts);

  let list;
  if (waitsForNetwork(query))
    list = (
      <ListCard>
        <NotKeptOffline what="This list" />
      </ListCard>
    );
  else if (query.isPending) list = <Loading />;
  else if (query.error && !posts) list = <ListError title={LOAD_FAILED} query={query} />;
  else if (!posts || posts.length === 0)
    list = (
      <ListCard>
        <Empty filtered={hasFilters} onClear={clearFilters} />
      </ListCard>
    );
  else
    list = (
      <>
        <ListCard>
          <ul
            ref={listRef}
            aria-label="Wanted posts"
            aria-busy={query.isPlaceholderData || undefined}
            className="divide-y divide-slate-100"
          >
            {posts.map((post) => (
              <WantedRow key={post.id} post={post} />
            ))}
          </ul>
        </ListCard>
        <LoadMore query={query} failedMessage={LOAD_FAILED} onLoad={markLoadMore} />
      </>
    );

  return (
    <>
      <WantedFilters filters={filters} onChange={setFilters} />
      <div className="mt-5">{list}</div>
    </>
  );
}
