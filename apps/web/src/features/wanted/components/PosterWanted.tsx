import { Link } from 'react-router';
import { ListCard } from '@/components/ui/ListState';
import { LoadMore } from '@/components/ui/LoadMore';
import { paths } from '@/config/paths';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { usePosterWanted } from '@/api/wanted';
import { WantedRow } from './WantedRow';

const LOAD_FAILED = 'Failed to load the wanted posts';

/**
 * A profile's "Wanted" section: what the member is looking for, newest first. Another member's
 * shows only when they have one open; one's own always, with the way to post one (and one's closed
 * and expired posts, to renew). While it loads, or when it fails, it keeps out of the way: the
 * profile is what the page is for.
 */
export function PosterWanted({ posterId, isYou }: { posterId: string; isYou: boolean }) {
  const query = usePosterWanted(posterId);
  const posts = query.data?.pages.flatMap((page) => page.posts);
  const { listRef, markLoadMore } = useLoadMoreFocus(posts);
  if (!posts || (posts.length === 0 && !isYou)) return null;
  return (
    <section aria-labelledby="wanted-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="wanted-heading" className="text-base font-medium text-slate-900">
          Wanted
        </h2>
        {isYou && (
          <Link
            to={paths.newWanted}
            className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Post a wanted item
          </Link>
        )}
      </div>
      {posts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Looking for something nobody sells? Post it, and hear when a matching item is listed.
        </p>
      ) : (
        <div className="mt-2">
          <ListCard>
            <ul ref={listRef} aria-label="Wanted posts" className="divide-y divide-slate-100">
              {posts.map((post) => (
                <WantedRow key={post.id} post={post} heading="h3" showPoster={false} />
              ))}
            </ul>
          </ListCard>
          <LoadMore query={query} failedMessage={LOAD_FAILED} onLoad={markLoadMore} />
        </div>
      )}
    </section>
  );
}
