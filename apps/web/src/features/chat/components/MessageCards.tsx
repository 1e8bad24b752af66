import {
  type ChatMessage,
  LOST_FOUND_MESSAGES,
  LOST_FOUND_UI,
  OFFER_MESSAGES,
  type Product,
} from '@campusrun/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HandCoins, ImageOff, Megaphone, SearchCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { OfferStatusBadge } from '@/components/products/OfferStatusBadge';
import { ProductStatusBadge } from '@/components/products/ProductStatusBadge';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useSocket } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { applyOfferToThreads } from '@/api/chat';
import { type ThreadProduct, decideOffer, productQuery } from '@/api/products';

type Offer = NonNullable<ChatMessage['offer']>;
type Wanted = NonNullable<ChatMessage['wanted']>;
type LostFound = NonNullable<ChatMessage['lostFound']>;

/** How many cards on screen follow each product: the server is asked once per product. */
const following = new Map<string, number>();

/**
 * Follows the product's changes while a card shows it (the server pushes product:updated, which
 * the products' live updates write into the product's cache). Asked again on every new connection,
 * since the server forgets a closed socket's rooms.
 */
function useFollowProduct(id: string) {
  const { socket, connected } = useSocket();
  useEffect(() => {
    if (!socket || !connected) return;
    const cards = following.get(id) ?? 0;
    following.set(id, cards + 1);
    if (cards === 0) socket.emit('product:watch', { id });
    return () => {
      const left = (following.get(id) ?? 1) - 1;
      if (left > 0) return void following.set(id, left);
      following.delete(id);
      if (socket.connected) socket.emit('product:unwatch', { id });
    };
  }, [socket, connected, id]);
}

/** What a card shows of the product; a sold one's price is what it sold for, when that is known. */
const cardOf = (product: Product): Omit<ThreadProduct, 'thumbnail'> => ({
  id: product.id,
  name: product.name,
  price: product.status === 'sold' ? (product.soldPrice ?? product.price) : product.price,
  status: product.status,
});

/**
 * The product as it is now: the message carries it as it was when sent; the product's own answer
 * (one request per product, shared with its page and kept fresh by its live updates) replaces it.
 */
function useCurrentProduct(sent: ThreadProduct): ThreadProduct {
  useFollowProduct(sent.id);
  const { data } = useQuery({ ...productQuery(sent.id), select: cardOf, retry: false });
  return data ? { ...sent, ...data } : sent;
}

/** The product a thread is about, where it was first mentioned: photo, name, price and status, live. */
export function ProductContextCard({ product: sent }: { product: ThreadProduct }) {
  const product = useCurrentProduct(sent);
  return (
    <Link
      to={paths.product(product.id)}
      className="mb-1 flex w-64 max-w-[80%] items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {product.thumbnail ? (
        <img
          src={mediaUrl(product.thumbnail)}
          alt=""
          width={48}
          height={48}
          className="size-12 rounded-lg object-cover"
        />
      ) : (
        <span className="flex size-12 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
          <ImageOff className="size-5" aria-hidden="true" />
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900">{product.name}</span>
        <span className="flex items-center gap-2 text-sm text-slate-700">
          {formatRupees(product.price)}
          <ProductStatusBadge status={product.status} />
        </span>
      </span>
    </Link>
  );
}

/** An offer in the thread: amount and status, live; Accept / Decline for the seller, Withdraw for the buyer. */
export function OfferCard({ offer, mine }: { offer: Offer; mine: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (action: 'accept' | 'decline' | 'withdraw') => {
    setBusy(action);
    try {
      const answer = await decideOffer({ id: offer.id, action });
      applyOfferToThreads(queryClient, answer.offer);
      toast.success(answer.message, { toastId: 'offer:respond' });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not update the offer'), { toastId: 'offer:respond' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div
      className="w-64 max-w-[80%] rounded-xl bg-white p-3 ring-1 ring-slate-200"
      role="group"
      aria-label={`Offer of ${formatRupees(offer.amount)}`}
    >
      <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <HandCoins className="size-4 text-indigo-700" aria-hidden="true" />
        {offer.status === 'accepted' ? 'Agreed price' : 'Offer'}: {formatRupees(offer.amount)}
      </p>
      <OfferStatusBadge status={offer.status} className="mt-1" />
      {offer.status === 'accepted' && mine && (
        <p className="mt-2 text-sm text-slate-700">{OFFER_MESSAGES.nextStep}.</p>
      )}
      {offer.status === 'pending' && (
        <div className="mt-2 flex gap-2">
          {mine ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void run('withdraw')}
              isLoading={busy === 'withdraw'}
              disabled={busy !== null}
            >
              Withdraw
            </Button>
          ) : (
            <>
              <Button
                size="sm"
                onClick={() => void run('accept')}
                isLoading={busy === 'accept'}
                disabled={busy !== null}
              >
                Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void run('decline')}
                isLoading={busy === 'decline'}
                disabled={busy !== null}
              >
                Decline
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The wanted post an "I have one" answers: its title and the most its poster would pay; a link to it. */
export function WantedCard({ wanted }: { wanted: Wanted }) {
  return (
    <Link
      to={paths.wanted(wanted.id)}
      className="mb-1 flex w-64 max-w-[80%] items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
        <Megaphone className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900">
          <span className="text-indigo-700">Wanted:</span> {wanted.title}
        </span>
        <span className="flex items-center gap-2 text-sm text-slate-700">
          up to {formatRupees(wanted.maxPrice)}
          {wanted.status === 'closed' && <Badge>Closed</Badge>}
        </span>
      </span>
    </Link>
  );
}

/** The lost and found post a message is about (the finder's, on an accepted claim): a link to it. */
export function LostFoundCard({ lostFound }: { lostFound: LostFound }) {
  return (
    <Link
      to={paths.lostFound(lostFound.id)}
      className="mb-1 flex w-64 max-w-[80%] items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
        <SearchCheck className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900">
          {LOST_FOUND_UI.card.label(lostFound.kind, lostFound.title)}
        </span>
        <span className="flex items-center gap-2 text-sm text-slate-700">
          {lostFound.status === 'resolved' ? (
            <Badge tone="blue">{LOST_FOUND_MESSAGES.stateLabels.resolved}</Badge>
          ) : (
            LOST_FOUND_UI.title
          )}
        </span>
      </span>
    </Link>
  );
}
