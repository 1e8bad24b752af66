import type { LostFoundPost } from '@campusrun/shared';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { KindBadge } from './KindBadge';
import { KindIcon } from './KindIcon';
import { categoryLabel, kindLabel } from './lost-found-state';

/**
 * One post on the board: its first photo's small copy (or its kind's icon), Lost or Found and the
 * title (the link to its page, stretched over the row), where, when it was lost or found, its
 * category and who posted it.
 */
export function LostFoundRow({ post }: { post: LostFoundPost }) {
  const photo = post.photos[0];
  return (
    <li className="relative flex items-start gap-3 px-4 py-3 hover:bg-slate-50">
      {photo ? (
        // The title beside it names the post: the picture adds nothing to read out.
        <img
          src={mediaUrl(photo.thumbnail)}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
        />
      ) : (
        <KindIcon kind={post.kind} className="size-14" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <span className="mt-0.5 shrink-0">
            <KindBadge post={post} />
          </span>
          <h2 className="min-w-0 text-base font-medium wrap-anywhere text-slate-900">
            <Link
              to={paths.lostFound(post.id)}
              className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {post.title}
            </Link>
          </h2>
        </div>
        <p className="mt-1 flex min-w-0 items-start gap-1 text-sm text-slate-700">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="min-w-0 wrap-anywhere">{post.place}</span>
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-600">
          <span>
            {kindLabel(post)} <time dateTime={post.when}>{formatRelativeTime(post.when)}</time>
          </span>
          <span aria-hidden="true">·</span>
          <span>{categoryLabel(post)}</span>
          <span aria-hidden="true">·</span>
          <span className="max-w-full min-w-0 truncate">{post.poster.name}</span>
        </p>
      </div>
    </li>
  );
}
