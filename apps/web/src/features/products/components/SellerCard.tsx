import type { Product } from '@campusrun/shared';
import { Avatar } from '@/components/ui/Avatar';
import { Skeleton } from '@/components/ui/Skeleton';
import { StarRating } from '@/components/ui/StarRating';
import { formatMonthYear } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useUserRating } from '@/api/ratings';
import { useFollowState } from '@/api/people';
import { FollowButton } from '@/components/people/FollowButton';
import { ProfileLink } from '@/components/people/ProfileLink';

function SellerRating({ sellerId }: { sellerId: string }) {
  const rating = useUserRating(sellerId);
  if (rating.isPending) return <Skeleton className="h-4 w-28" />;
  // A rating that fails to load is left out without a word: the card still shows the seller.
  if (rating.isError) return null;
  const { average, count } = rating.data;
  if (count === 0) return <p className="text-sm text-slate-500">No ratings yet</p>;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600">
      <StarRating value={average} size="sm" />
      <span>
        {average.toFixed(1)} ({count} {count === 1 ? 'rating' : 'ratings'})
      </span>
    </p>
  );
}

/** Follow / Following for the seller, once the viewer's state is known (left out if it fails to load). */
function FollowSeller({ seller }: { seller: Product['seller'] }) {
  const state = useFollowState(seller.id);
  if (!state.data) return null;
  return <FollowButton user={seller} state={state.data} className="mt-3 w-full sm:w-auto" />;
}

/**
 * The product page's seller card: avatar, name, member since, star rating when known, and Follow
 * (not on one's own).
 */
export function SellerCard({ seller, isYou }: { seller: Product['seller']; isYou: boolean }) {
  return (
    <section
      aria-labelledby="seller-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="seller-heading" className="text-sm font-medium text-slate-500">
        Seller
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <Avatar id={seller.id} name={seller.name} src={mediaUrl(seller.avatar)} size="md" />
        <div className="min-w-0 space-y-0.5">
          <p className="truncate text-base font-medium text-slate-900">
            <ProfileLink
              user={seller}
              className="hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {seller.name}
            </ProfileLink>
            {isYou && <span className="font-normal text-slate-500"> (You)</span>}
          </p>
          <p className="text-sm text-slate-500">Member since {formatMonthYear(seller.createdAt)}</p>
          <SellerRating sellerId={seller.id} />
        </div>
      </div>
      {!isYou && <FollowSeller seller={seller} />}
    </section>
  );
}
