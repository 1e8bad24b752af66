import { COMMON_MESSAGES, type PublicProfile, type Review } from '@campusrun/shared';
import { MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FollowButton } from '@/components/people/FollowButton';
import { Avatar } from '@/components/ui/Avatar';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { StarRating } from '@/components/ui/StarRating';
import { ProfileLink } from '@/components/people/ProfileLink';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatMonthYear, formatRupees } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { usePublicProfile } from '@/api/people';
import { ReliabilitySection } from './ReliabilitySection';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';

const KINDS: { key: keyof PublicProfile['ratings']; label: string }[] = [
  { key: 'asDeliverer', label: 'As deliverer' },
  { key: 'asRequester', label: 'As requester' },
  { key: 'asSeller', label: 'As seller' },
  { key: 'asBuyer', label: 'As buyer' },
];
const KIND_OF: Record<Review['ratingType'], string> = {
  hosteller_to_dayscholar: 'for a delivery',
  dayscholar_to_hosteller: 'as requester',
  buyer_to_seller: 'as seller',
  seller_to_buyer: 'as buyer',
};

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200';

const followers = (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`;

/** How many follow them; on one's own profile, links to whom one follows and who follows one. */
function FollowCounts({ profile, isYou }: { profile: PublicProfile; isYou: boolean }) {
  if (!isYou) return <p className="text-sm text-slate-600">{followers(profile.followerCount)}</p>;
  const link =
    'font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <p className="text-sm text-slate-600">
      <Link to={`${paths.following}?tab=followers`} className={link}>
        {followers(profile.followerCount)}
      </Link>{' '}
      ·{' '}
      <Link to={paths.following} className={link}>
        Following
      </Link>
    </p>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={card}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

// eslint-disable-next-line max-lines-per-function -- a profile's sections in their order on screen.
function ProfileView({ profile, isYou, more }: { profile: PublicProfile; isYou: boolean; more?: ReactNode }) {
  const navigate = useNavigate();
  const rate = profile.stats.deliveryCancellationRate;
  return (
    <div className="mt-4 space-y-6">
      {/* The picture and the name share a row; a long name wraps within its column (at most three
          lines, then an ellipsis), and Message takes a row of its own on a phone. */}
      <header className={`${card} flex flex-wrap items-center gap-4`}>
        <Avatar id={profile.id} name={profile.name} src={mediaUrl(profile.avatar)} size="lg" />
        <div className="min-w-0 flex-1 basis-40">
          <h1
            title={profile.name}
            className="line-clamp-3 text-xl font-semibold [overflow-wrap:anywhere] text-slate-900 sm:text-2xl"
          >
            {profile.name}
            {isYou && <span className="text-base font-normal text-slate-600"> (You)</span>}
          </h1>
          <p className="text-sm text-slate-600">
            {profile.role === 'hosteller'
              ? 'Hosteller'
              : profile.role === 'dayscholar'
                ? 'Day scholar'
                : 'Student'}{' '}
            · Member since {formatMonthYear(profile.memberSince)}
          </p>
          <FollowCounts profile={profile} isYou={isYou} />
        </div>
        {!isYou && (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <FollowButton user={profile} state={profile} className="flex-1 sm:flex-none" />
            <button
              type="button"
              className={buttonClasses({ className: 'flex-1 sm:flex-none' })}
              onClick={() => navigate(paths.chatWith(profile.id))}
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              Message
            </button>
          </div>
        )}
      </header>

      <ReliabilitySection reliability={profile.reliability} />

      <section aria-labelledby="ratings-heading">
        <h2 id="ratings-heading" className="text-base font-medium text-slate-900">
          Ratings
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-4">
          {KINDS.map(({ key, label }) => (
            <div key={key} className={card}>
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="mt-1">
                {profile.ratings[key].count === 0 ? (
                  <span className="text-sm text-slate-600">No ratings yet</span>
                ) : (
                  <span className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
                    <StarRating value={profile.ratings[key].average} size="sm" />
                    {profile.ratings[key].average.toFixed(1)} ({profile.ratings[key].count})
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="text-base font-medium text-slate-900">
          On campus
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3">
          <Stat label="Items sold" value={String(profile.stats.itemsSold)} />
          <Stat
            label="Delivery cancellation rate"
            value={rate === null ? '—' : `${Math.round(rate * 100)}%`}
          />
        </dl>
      </section>

      <section aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className="text-base font-medium text-slate-900">
          Recent reviews
        </h2>
        {profile.reviews.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No reviews yet.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {profile.reviews.map((r) => (
              <li key={r.id} className={`${card} flex gap-3`}>
                <Avatar id={r.rater.id} name={r.rater.name} src={mediaUrl(r.rater.avatar)} size="sm" />
                <div className="min-w-0">
                  <p className="text-sm">
                    <ProfileLink user={r.rater} className="font-medium text-slate-900 hover:underline">
                      {r.rater.name}
                    </ProfileLink>{' '}
                    <span className="text-slate-600">
                      {KIND_OF[r.ratingType]} · {formatDate(r.createdAt)}
                    </span>
                  </p>
                  <StarRating value={r.rating} size="sm" />
                  {r.comment && <p className="mt-1 text-sm break-words text-slate-700">{r.comment}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="listings-heading">
        <h2 id="listings-heading" className="text-base font-medium text-slate-900">
          Active listings
        </h2>
        {profile.listings.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing on sale right now.</p>
        ) : (
          <ul className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-4">
            {profile.listings.map((p) => (
              <li key={p.id} className={card}>
                <Link to={paths.product(p.id)} className="block hover:underline">
                  <span className="block truncate text-sm font-medium text-slate-900">{p.name}</span>
                  <span className="text-sm text-slate-700">{formatRupees(p.price)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {more}
    </div>
  );
}

/** What another feature adds under the profile's own sections (app/pages composes it). */
type ProfileMore = (profile: PublicProfile, isYou: boolean) => ReactNode;

/** /users/{id}: a public profile. Never the e-mail, phone or room. */
export function PublicProfilePage({ more }: { more?: ProfileMore }) {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = usePublicProfile(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <title>{`${query.data?.name ?? 'Profile'} · CampusRun`}</title>
      {query.data ? (
        <ProfileView
          profile={query.data}
          isYou={user?.id === query.data.id}
          more={more?.(query.data, user?.id === query.data.id)}
        />
      ) : notFound ? (
        <div className={`${card} mt-4`}>
          <h1 className="sr-only">Profile</h1>
          <EmptyState
            title={COMMON_MESSAGES.userNotFound}
            description="This account does not exist or was removed."
          />
        </div>
      ) : waitsForNetwork(query) ? (
        <div className={`${card} mt-4`}>
          <h1 className="sr-only">Profile</h1>
          <NotKeptOffline what="This profile" />
        </div>
      ) : query.isError ? (
        <div className={`${card} mt-4`}>
          <h1 className="sr-only">Profile</h1>
          <ErrorState
            title="Failed to load this profile"
            message="Check your connection and try again."
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isRefetching}
          />
        </div>
      ) : (
        <div className="mt-4 space-y-4" aria-busy="true">
          <h1 className="sr-only">Profile</h1>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </>
  );
}
