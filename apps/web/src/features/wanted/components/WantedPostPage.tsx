import { WANTED_MESSAGES, type WantedPost } from '@campusrun/shared';
import { Hand } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { DetailLoadError } from '@/components/ui/DetailLoadError';
import { Fact } from '@/components/ui/Fact';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProfileLink } from '@/components/people/ProfileLink';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { deferredComponent } from '@/lib/deferred';
import { formatDate, formatRelativeTime } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useWantedPost } from '@/api/wanted';
import type { AnswerWantedDialogProps } from './AnswerWantedDialog';
import { WantedActions } from './WantedActions';
import { WantedPhoto } from './WantedPhoto';
import { WantedStateBadge } from './WantedRow';
import { upTo, wantedCategory, wantedState } from './wanted-state';

const AnswerWantedDialog = deferredComponent<AnswerWantedDialogProps>(() =>
  import('./AnswerWantedDialog').then((m) => m.AnswerWantedDialog),
);

const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** Open until a date, expired (its poster may renew it) or closed, in words. */
function Lifetime({ post }: { post: WantedPost }) {
  if (wantedState(post) !== 'open') return <WantedStateBadge post={post} />;
  return (
    <Badge tone="green">
      Open until&nbsp;<time dateTime={post.expiresAt}>{formatDate(post.expiresAt)}</time>
    </Badge>
  );
}

/** Why a member who is not the poster cannot answer: the post is closed or past its days. */
function NotAnswerable({ post }: { post: WantedPost }) {
  const state = wantedState(post);
  if (state === 'open') return null;
  return <p className="text-sm text-slate-600">{WANTED_MESSAGES.notOpen}.</p>;
}

function PostView({ post }: { post: WantedPost }) {
  const [answering, setAnswering] = useState(false);
  return (
    <article className={`${card} mt-4 max-w-2xl`}>
      <p className="text-sm font-medium text-indigo-700">Wanted</p>
      <h1 className="mt-1 text-2xl font-semibold wrap-anywhere text-slate-900">{post.title}</h1>
      <p className="mt-1 text-lg font-semibold text-slate-900">{upTo(post.maxPrice)}</p>
      <div className="mt-2">
        <Lifetime post={post} />
      </div>
      <WantedPhoto post={post} />
      {post.details && (
        <p className="mt-4 text-sm whitespace-pre-wrap wrap-anywhere text-slate-700">{post.details}</p>
      )}
      <dl className="mt-5 grid grid-cols-2 gap-4">
        <Fact term="Category">{wantedCategory(post)}</Fact>
        <Fact term="Posted">
          <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt)}</time>
        </Fact>
      </dl>
      <div className="mt-5 flex items-center gap-3 border-t border-slate-100 pt-5">
        <Avatar id={post.poster.id} name={post.poster.name} src={mediaUrl(post.poster.avatar)} size="sm" />
        <p className="min-w-0 text-sm text-slate-600">
          Posted by{' '}
          <ProfileLink
            user={post.poster}
            className="font-medium wrap-anywhere text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {post.can.manage ? 'you' : post.poster.name}
          </ProfileLink>
        </p>
      </div>
      <div className="mt-5">
        {post.can.manage ? (
          <WantedActions post={post} />
        ) : post.can.answer ? (
          <>
            <Button className="w-full sm:w-auto" onClick={() => setAnswering(true)}>
              <Hand className="size-4" aria-hidden="true" />I have one
            </Button>
            <AnswerWantedDialog post={post} open={answering} onClose={() => setAnswering(false)} />
          </>
        ) : (
          <NotAnswerable post={post} />
        )}
      </div>
    </article>
  );
}

/**
 * /wanted/{id}: what a member is looking for (with its photo, if it has one) and the most they would
 * pay, who posted it and how long it stays open. Its poster adds, changes or removes the photo and
 * renews, closes or deletes the post; another member answers "I have one".
 */
export function WantedPostPage() {
  const { id = '' } = useParams();
  const query = useWantedPost(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <title>{`${query.data ? `Wanted: ${query.data.title}` : 'Wanted'} · CampusRun`}</title>
      {query.data && !notFound ? (
        <PostView post={query.data} />
      ) : waitsForNetwork(query) ? (
        <div className={`${card} mt-4`}>
          <h1 className="sr-only">Wanted post</h1>
          <NotKeptOffline what="This wanted post" />
        </div>
      ) : query.isError ? (
        <>
          <h1 className="sr-only">Wanted post</h1>
          <DetailLoadError
            notFound={notFound}
            notFoundTitle={WANTED_MESSAGES.notFound}
            notFoundMessage="It may have been deleted, or the link is wrong."
            failedTitle="Failed to load this wanted post"
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isRefetching}
            back={{ to: paths.wantedList, label: 'See what others want' }}
          />
        </>
      ) : (
        <div className={`${card} mt-4 max-w-2xl space-y-3`} aria-busy="true">
          <h1 className="sr-only">Wanted post</h1>
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-16 w-full" />
        </div>
      )}
    </>
  );
}
