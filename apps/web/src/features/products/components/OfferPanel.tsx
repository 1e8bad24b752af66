import { OFFER_MESSAGES, type Offer, type Product } from '@campusrun/shared';
import { HandCoins } from 'lucide-react';
import { Link } from 'react-router';
import { OfferStatusBadge } from '@/components/products/OfferStatusBadge';
import { Button } from '@/components/ui/Button';
import { type OfflineHold, OfflineReason, useOfflineReason } from '@/components/OfflineReason';
import { ProfileLink } from '@/components/people/ProfileLink';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDecideOffer, useOffers } from '@/api/products';
import { contactPath } from './BuyerBar';

/** Whether the viewer may offer on the product, and whether they may now. */
interface OfferState {
  /** Anyone but the seller (and not blocked with them), on an available negotiable product. */
  mayOffer: boolean;
  /** And none of their offers on it is pending. */
  canOfferNow: boolean;
}

export function useOfferState(product: Product): OfferState {
  const mayOffer =
    product.can.offer && product.status === 'available' && !product.expired && product.isNegotiable;
  const { data } = useOffers(product.id, product.can.offer);
  return { mayOffer, canOfferNow: mayOffer && !(data ?? []).some((o) => o.status === 'pending') };
}

/**
 * Accept / Decline (the seller) or Withdraw (the buyer) of a pending offer. Accept binds the seller
 * to the buyer, so it is never kept to be sent later: offline it is off (the panel says why).
 */
function OfferActions({ offer, asSeller, held }: { offer: Offer; asSeller: boolean; held: OfflineHold }) {
  const decide = useDecideOffer();
  if (offer.status !== 'pending') return null;
  const run = (action: 'accept' | 'decline' | 'withdraw') =>
    decide.mutate(
      { id: offer.id, action },
      {
        onSuccess: ({ message }) => toast.success(message, { toastId: 'offer:respond' }),
        onError: (error) =>
          toast.error(errorMessage(error, 'Could not update the offer'), { toastId: 'offer:respond' }),
      },
    );
  const busy = (action: string) => decide.isPending && decide.variables?.action === action;
  return asSeller ? (
    <div className="flex gap-2">
      <Button
        size="sm"
        onClick={() => run('accept')}
        isLoading={busy('accept')}
        disabled={decide.isPending || held.offline}
        aria-describedby={held.describedBy}
      >
        Accept
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => run('decline')}
        isLoading={busy('decline')}
        disabled={decide.isPending}
      >
        Decline
      </Button>
    </div>
  ) : (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => run('withdraw')}
      isLoading={busy('withdraw')}
      disabled={decide.isPending}
    >
      Withdraw
    </Button>
  );
}

function OfferRow({
  offer,
  asSeller,
  product,
  held,
}: {
  offer: Offer;
  asSeller: boolean;
  product: Product;
  held: OfflineHold;
}) {
  const agreed = offer.status === 'accepted';
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {agreed && <span className="font-normal text-slate-600">Agreed price </span>}
          {formatRupees(offer.amount)}
          {asSeller && (
            <>
              {' '}
              <span className="font-normal text-slate-600">from </span>
              <ProfileLink user={offer.buyer} className="font-normal text-indigo-700 hover:underline">
                {offer.buyer.name}
              </ProfileLink>
            </>
          )}
        </p>
        <OfferStatusBadge status={offer.status} />
        {/* While the accepted offer holds the product for them; once sold, the page says what is next. */}
        {agreed && !asSeller && product.status === 'reserved' && (
          <p className="mt-1 text-sm">
            <Link
              to={contactPath(product)}
              className="inline-flex min-h-11 items-center font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {OFFER_MESSAGES.nextStep}
            </Link>
          </p>
        )}
      </div>
      <OfferActions offer={offer} asSeller={asSeller} held={held} />
    </li>
  );
}

/**
 * Offers on the product page: the seller's list with Accept / Decline; for anyone else their own
 * offers and, on an available negotiable product, "Make an offer" (on phones that button is in the
 * bar at the bottom of the screen, `docked`).
 */
export function OfferPanel({
  product,
  isSeller,
  onMakeOffer,
  docked = false,
}: {
  product: Product;
  isSeller: boolean;
  onMakeOffer: () => void;
  docked?: boolean;
}) {
  const { mayOffer, canOfferNow } = useOfferState(product);
  const query = useOffers(product.id, isSeller || product.can.offer);
  const offers = query.data ?? [];
  const held = useOfflineReason();
  const accepting = isSeller && !query.isError && offers.some((o) => o.status === 'pending');
  if (!isSeller && !mayOffer && offers.length === 0) return null;
  return (
    <section
      aria-labelledby="offers-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="offers-heading" className="text-sm font-medium text-slate-600">
          {isSeller ? 'Offers' : 'Your offers'}
        </h2>
        {canOfferNow && (
          <Button size="sm" onClick={onMakeOffer} className={docked ? 'max-lg:hidden' : undefined}>
            <HandCoins className="size-4" aria-hidden="true" />
            Make an offer
          </Button>
        )}
      </div>
      {query.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading offers…</p>
      ) : query.isError ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          Could not load offers.{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : offers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {isSeller ? 'No offers yet.' : 'Offer a price the seller can accept.'}
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {offers.map((offer) => (
            <OfferRow key={offer.id} offer={offer} asSeller={isSeller} product={product} held={held} />
          ))}
        </ul>
      )}
      {accepting && <OfflineReason id={held.describedBy} className="mt-2" />}
    </section>
  );
}
