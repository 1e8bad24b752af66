import { PRODUCT_LIFETIME, PRODUCT_MESSAGES, type Product } from '@campusrun/shared';
import { ArrowUpToLine, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useProductLifetime } from '@/api/products';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** When the seller may bump it next (ms), and whether that is now. */
function bumpState(product: Pick<Product, 'status' | 'bumpedAt'>, now: number) {
  const nextAt = product.bumpedAt ? Date.parse(product.bumpedAt) + PRODUCT_LIFETIME.bumpEveryHours * HOUR : 0;
  return {
    may: product.status === 'available' && nextAt <= now,
    hoursLeft: Math.min(PRODUCT_LIFETIME.bumpEveryHours, Math.max(1, Math.ceil((nextAt - now) / HOUR))),
  };
}

/**
 * The seller's hold on how long a listing stays up: until when it is listed, Renew once it is
 * expired or about to be, and Bump (to the top of "Newest", once every 72 hours) while available.
 */
export function ListingLifetime({ product }: { product: Product }) {
  const { renew, bump } = useProductLifetime();
  // The time the page opened: days and hours are all it is read to.
  const [now] = useState(Date.now);
  if (product.status === 'sold') return null;
  const daysLeft = Math.ceil((Date.parse(product.expiresAt) - now) / DAY);
  const showRenew = product.expired || daysLeft <= PRODUCT_LIFETIME.warnDays;
  const bumping = bumpState(product, now);
  const busy = renew.isPending || bump.isPending;
  const run = (mutation: typeof renew, done: string) =>
    mutation.mutate(product.id, {
      onSuccess: () => toast.success(done, { toastId: 'product:lifetime' }),
      onError: (error) =>
        toast.error(errorMessage(error, PRODUCT_MESSAGES.updateFailed), { toastId: 'product:lifetime' }),
    });

  return (
    <div className="col-span-2 space-y-2">
      <p
        id={`lifetime-${product.id}`}
        className={product.expired ? 'text-sm font-medium text-amber-700' : 'text-sm text-slate-600'}
      >
        {product.expired
          ? 'This listing has expired and is hidden from the marketplace. Renew it to list it again.'
          : `Listed until ${formatDate(product.expiresAt)}`}
      </p>
      <div className="grid grid-cols-2 gap-2">
        {showRenew && (
          <Button
            variant={product.expired ? 'primary' : 'secondary'}
            size="sm"
            onClick={() => run(renew, PRODUCT_MESSAGES.renewed)}
            isLoading={renew.isPending}
            disabled={busy}
            aria-describedby={`lifetime-${product.id}`}
          >
            {!renew.isPending && <RefreshCw className="size-4" aria-hidden="true" />}
            Renew
          </Button>
        )}
        {product.status === 'available' && (
          <Button
            variant="secondary"
            size="sm"
            className={showRenew ? undefined : 'col-span-2'}
            onClick={() => run(bump, PRODUCT_MESSAGES.bumped)}
            isLoading={bump.isPending}
            disabled={busy || !bumping.may}
          >
            {!bump.isPending && <ArrowUpToLine className="size-4" aria-hidden="true" />}
            {bumping.may
              ? 'Bump to top'
              : `Bump again in ${bumping.hoursLeft} ${bumping.hoursLeft === 1 ? 'hour' : 'hours'}`}
          </Button>
        )}
      </div>
    </div>
  );
}
