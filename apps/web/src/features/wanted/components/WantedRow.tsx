import type { WantedPost } from '@campusrun/shared';
import { Badge } from '@/components/ui/Badge';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { Link } from 'react-router';
import { upTo, wantedCategory, wantedState } from './wanted-state';

/** A closed or expired post says so in words (only its poster sees those). */
export function WantedStateBadge({ post }: { post: Pick<WantedPost, 'status' | 'expired'> }) {
  const state = wantedState(post);
  if (state === 'closed') return <Badge>Closed</Badge>;
  if (state === 'expired') return <Badge tone="amber">Expired</Badge>;
  return null;
}

/**
 * One wanted post in a list: its photo's small copy first when it has one, its title (the link to its
 * page, stretched over the row), the most the poster would pay, its category, who posted it (unless
 * the list is theirs) and when.
 */
export function WantedRow({
  post,
  heading: Heading = 'h2',
  showPoster = true,
}: {
  post: WantedPost;
  heading?: 'h2' | 'h3';
  showPoster?: boolean;
}) {
  return (
    <li className="relative flex items-start gap-3 px-4 py-3 hover:bg-slate-50">
      {post.photo && (
        // The title beside it names the post: the picture adds nothing to read out.
        <img
          src={mediaUrl(post.photo.thumbnail)}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <Heading className="min-w-0 text-base font-medium wrap-anywhere text-slate-900">
            <Link
              to={paths.wanted(post.id)}
              className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {post.title}
            </Link>
          </Heading>
          <p className="shrink-0 text-sm font-semibold text-slate-900">{upTo(post.maxPrice)}</p>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-600">
          <span>{wantedCategory(post)}</span>
          {showPoster && (
            <>
              <span aria-hidden="true">·</span>
              <span className="min-w-0 truncate">{post.poster.name}</span>
            </>
          )}
          <span aria-hidden="true">·</span>
          <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt)}</time>
          <WantedStateBadge post={post} />
        </p>
      </div>
    </li>
  );
}
