import { LOST_FOUND_UI, type LostFoundPost } from '@campusrun/shared';
import { CircleCheck, KeyRound } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Fact } from '@/components/ui/Fact';
import { formatDate, formatDateTime, formatRelativeTime } from '@/lib/format';
import { KindBadge, StateBadge } from './KindBadge';
import { categoryLabel, kindLabel, stateLabel } from './lost-found-state';

const T = LOST_FOUND_UI.post;

/** Lost or Found, and open until a date or expired (its poster may renew it), in words. */
export function PostBadges({ post }: { post: LostFoundPost }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <KindBadge post={post} />
      {post.state === 'open' && (
        <Badge tone="indigo">
          {T.openUntil}&nbsp;<time dateTime={post.expiresAt}>{formatDate(post.expiresAt)}</time>
        </Badge>
      )}
      {/* A resolved post says so in a note of its own under the title. */}
      {post.state === 'expired' && <StateBadge post={post} />}
    </div>
  );
}

/** A resolved post says so at the top: it is back with its owner and out of the lists. */
export function ReturnedNote({ post }: { post: LostFoundPost }) {
  if (post.state !== 'resolved') return null;
  return (
    <div className="mt-4 flex items-start gap-2.5 rounded-lg bg-green-50 p-3 text-green-800 ring-1 ring-green-200">
      <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="text-sm font-semibold">{stateLabel(post)}</p>
        <p className="text-sm">{T.returnedNote}</p>
      </div>
    </div>
  );
}

/** Where, when it was lost or found, its category and when it was posted. */
export function PostFacts({ post }: { post: LostFoundPost }) {
  return (
    <dl className="mt-5 grid grid-cols-2 gap-4">
      <Fact term={T.place}>
        <span className="wrap-anywhere">{post.place}</span>
      </Fact>
      <Fact term={kindLabel(post)}>
        <time dateTime={post.when}>{formatDateTime(post.when)}</time>
      </Fact>
      <Fact term={T.category}>{categoryLabel(post)}</Fact>
      <Fact term={T.posted}>
        <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt)}</time>
      </Fact>
    </dl>
  );
}

/**
 * A found post's question, which everyone sees; its finder also sees the answer they expect (no one
 * else is ever sent it).
 */
export function QuestionBox({ post }: { post: LostFoundPost }) {
  if (!post.question) return null;
  return (
    <div className="mt-5 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{T.question}</p>
      <p className="mt-1 text-sm font-medium wrap-anywhere text-slate-900">{post.question}</p>
      {post.answer !== undefined && (
        <div className="mt-3 border-t border-slate-200 pt-3">
          <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-slate-600 uppercase">
            <KeyRound className="size-3.5" aria-hidden="true" />
            {T.expected}
          </p>
          <p className="mt-1 text-sm wrap-anywhere text-slate-900">{post.answer}</p>
          <p className="mt-1 text-xs text-slate-600">{T.expectedNote}</p>
        </div>
      )}
    </div>
  );
}
