import type { Product } from '@campusrun/shared';
import { useState } from 'react';
import { RatingDialog } from '@/components/ratings/deferred';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { StarRating } from '@/components/ui/StarRating';
import { ProfileLink } from '@/components/people/ProfileLink';
import { formatDate } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useSaleReviews, useReviewSale } from '@/api/products';

/** A sold product's reviews; its seller and buyer may each review the other once. */
export function SaleReviews({ product }: { product: Product }) {
  const query = useSaleReviews(product.id, product.status === 'sold');
  const review = useReviewSale(product.id);
  const [open, setOpen] = useState(false);
  if (product.status !== 'sold' || !query.data) return null;
  const { reviews, canReview, buyer } = query.data;
  if (reviews.length === 0 && !canReview && !buyer) return null;
  return (
    <section
      aria-labelledby="sale-reviews-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="sale-reviews-heading" className="text-sm font-medium text-slate-600">
        Sale reviews
      </h2>
      {buyer && (
        <p className="mt-1 text-sm text-slate-700">
          Sold to{' '}
          <ProfileLink user={buyer} className="font-medium text-indigo-700 hover:underline">
            {buyer.name}
          </ProfileLink>
        </p>
      )}
      {reviews.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No reviews yet.</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {reviews.map((r) => (
            <li key={r.id} className="flex gap-3">
              <Avatar id={r.rater.id} name={r.rater.name} src={mediaUrl(r.rater.avatar)} size="sm" />
              <div className="min-w-0">
                <p className="text-sm">
                  <ProfileLink user={r.rater} className="font-medium text-slate-900 hover:underline">
                    {r.rater.name}
                  </ProfileLink>{' '}
                  <span className="text-slate-600">· {formatDate(r.createdAt)}</span>
                </p>
                <StarRating value={r.rating} size="sm" />
                {r.comment && <p className="text-sm text-slate-700">{r.comment}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {canReview && (
        <>
          <Button className="mt-3" size="sm" onClick={() => setOpen(true)}>
            {`Review ${canReview.user.name}`}
          </Button>
          <RatingDialog
            open={open}
            onClose={() => setOpen(false)}
            user={canReview.user}
            isPending={review.isPending}
            submit={(body) =>
              review.mutateAsync({
                ...body,
                comment: body.comment ?? undefined,
                ratingType: canReview.ratingType,
              })
            }
          />
        </>
      )}
    </section>
  );
}
