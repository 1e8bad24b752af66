import { LOST_FOUND_MESSAGES, LOST_FOUND_UI, type LostFoundPost } from '@campusrun/shared';
import { Hand, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Button, buttonClasses } from '@/components/ui/Button';
import { DetailLoadError } from '@/components/ui/DetailLoadError';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProfileLink } from '@/components/people/ProfileLink';
import { ReportButton } from '@/components/reports/ReportButton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { deferredComponent } from '@/lib/deferred';
import { mediaUrl } from '@/lib/media';
import { usePhotoRefresh } from '@/lib/photo-refresh';
import { useLostFoundPost } from '@/api/lost-found';
import { useLostFoundNotices } from '../hooks/useLostFoundNotices';
import type { ClaimDialogProps } from './ClaimDialog';
import { ClaimsList, type DescribeReliability } from './ClaimsList';
import { MyClaim } from './MyClaim';
import { PosterActions } from './PosterActions';
import { PostBadges, PostFacts, QuestionBox, ReturnedNote } from './PostFacts';
import { PostPhotos } from './PostPhotos';

const ClaimDialog = deferredComponent<ClaimDialogProps>(() =>
  import('./ClaimDialog').then((m) => m.ClaimDialog),
);

const T = LOST_FOUND_UI.post;
const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** Who posted it: their picture and name (a link to their profile), or "you". */
function Poster({ post }: { post: LostFoundPost }) {
  return (
    <div className="mt-5 flex items-center gap-3 border-t border-slate-100 pt-5">
      <Avatar id={post.poster.id} name={post.poster.name} src={mediaUrl(post.poster.avatar)} size="sm" />
      <p className="min-w-0 text-sm text-slate-600">
        {T.postedBy}{' '}
        <ProfileLink
          user={post.poster}
          className="font-medium wrap-anywhere text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {post.can.manage ? T.you : post.poster.name}
        </ProfileLink>
      </p>
    </div>
  );
}

/**
 * What another member can do: "That's mine" on an open found post they have not claimed; their own
 * claim as it stands; the chat with whoever lost something; or, once it expired, why nothing can be
 * done any more.
 */
function MemberActions({ post }: { post: LostFoundPost }) {
  const [claiming, setClaiming] = useState(false);
  if (post.myClaim) return <MyClaim post={post} claim={post.myClaim} />;
  if (post.can.claim)
    return (
      <>
        <Button className="w-full sm:w-auto" onClick={() => setClaiming(true)}>
          <Hand className="size-4" aria-hidden="true" />
          {LOST_FOUND_UI.claim.action}
        </Button>
        <ClaimDialog post={post} open={claiming} onClose={() => setClaiming(false)} />
      </>
    );
  // A resolved post says so at its top.
  if (post.state === 'resolved') return null;
  if (post.state !== 'open') return <p className="text-sm text-slate-600">{LOST_FOUND_MESSAGES.notOpen}.</p>;
  if (post.kind === 'lost')
    return (
      <Link to={paths.chatWith(post.poster.id)} className={buttonClasses({ variant: 'secondary' })}>
        <MessageCircle className="size-4" aria-hidden="true" />
        <span className="wrap-anywhere">{T.message(post.poster.name)}</span>
      </Link>
    );
  return null;
}

function PostView({
  post,
  describe,
  onPhotoError,
}: {
  post: LostFoundPost;
  describe: DescribeReliability;
  onPhotoError: () => void;
}) {
  useLostFoundNotices(post.id);
  const claims = post.can.manage && post.kind === 'found';
  return (
    <div
      className={
        claims
          ? 'mt-4 grid max-w-2xl gap-4 lg:max-w-none lg:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)] lg:items-start lg:gap-6'
          : 'mt-4 max-w-2xl'
      }
    >
      <article className={card}>
        <PostBadges post={post} />
        <h1 className="mt-2 text-2xl font-semibold wrap-anywhere text-slate-900">{post.title}</h1>
        <ReturnedNote post={post} />
        <PostPhotos post={post} onPhotoError={onPhotoError} />
        {post.details && (
          <p className="mt-4 text-sm whitespace-pre-wrap wrap-anywhere text-slate-700">{post.details}</p>
        )}
        <PostFacts post={post} />
        <QuestionBox post={post} />
        <Poster post={post} />
        <div className="mt-5">
          {post.can.manage ? <PosterActions post={post} /> : <MemberActions post={post} />}
        </div>
        {!post.can.manage && (
          <div className="mt-4 flex justify-end">
            <ReportButton
              targetType="lost_found_post"
              targetId={post.id}
              what={T.reportWhat}
              label={T.report}
            />
          </div>
        )}
      </article>
      {/* The finder's claims: under the post on a phone, beside it on a wide screen. */}
      {claims && <ClaimsList post={post} describe={describe} className={card} />}
    </div>
  );
}

function Loading() {
  return (
    <div className={`${card} mt-4 max-w-2xl space-y-3`} aria-busy="true">
      <h1 className="sr-only">{T.heading}</h1>
      <Skeleton className="h-5 w-24" />
      <Skeleton className="h-7 w-2/3" />
      <Skeleton className="aspect-[4/3] w-full max-w-md" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

/**
 * /lost-found/{id}: a lost or found thing, its photos, where and when, and who posted it. On a found
 * post another member says "That's mine" by answering the finder's question, and follows their claim;
 * its finder sees the claims (with the claimants' reliability records, `describe`d by the app) and
 * accepts one. Its poster renews it, marks it resolved, deletes it and changes its photos. A resolved
 * post says it was returned to its owner.
 */
export function LostFoundPostPage({ describe }: { describe: DescribeReliability }) {
  const { id = '' } = useParams();
  const query = useLostFoundPost(id);
  const onPhotoError = usePhotoRefresh(() => void query.refetch());
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <title>{`${query.data ? query.data.title : LOST_FOUND_UI.title} · CampusRun`}</title>
      {query.data && !notFound ? (
        <PostView post={query.data} describe={describe} onPhotoError={onPhotoError} />
      ) : waitsForNetwork(query) ? (
        <div className={`${card} mt-4`}>
          <h1 className="sr-only">{T.heading}</h1>
          <NotKeptOffline what={T.offline} />
        </div>
      ) : query.isError ? (
        <>
          <h1 className="sr-only">{T.heading}</h1>
          <DetailLoadError
            notFound={notFound}
            notFoundTitle={LOST_FOUND_MESSAGES.notFound}
            notFoundMessage={T.notFoundMessage}
            failedTitle={T.failed}
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isRefetching}
            back={{ to: paths.lostFoundList, label: T.back }}
          />
        </>
      ) : (
        <Loading />
      )}
    </>
  );
}
