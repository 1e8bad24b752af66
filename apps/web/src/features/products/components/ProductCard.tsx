import type { Product } from '@campusrun/shared';
import clsx from 'clsx';
import { ImageOff, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { formatRupees, formatRelativeTime } from '@/lib/format';
import { useIsFresh } from '@/lib/fresh';
import { mediaUrl } from '@/lib/media';
import { ProductStatusBadge } from '@/components/products/ProductStatusBadge';
import { categoryLabel, conditionLabel } from './options';
import { SaveButton } from './SaveButton';

/**
 * One marketplace tile: square thumbnail (no layout shift), price, name, condition, the seller's
 * hostel block and how long ago it was listed; one that just arrived live is highlighted.
 */
export function ProductCard({ product }: { product: Product }) {
  const thumbnail = product.thumbnails[0] ?? product.images[0];
  const fresh = useIsFresh(product.id);
  return (
    <article
      className={clsx(
        'group relative flex flex-col overflow-hidden rounded-xl bg-white shadow-sm transition-shadow duration-150 focus-within:ring-2 focus-within:ring-indigo-600 hover:shadow-md motion-reduce:transition-none',
        fresh ? 'ring-2 ring-indigo-500 motion-safe:animate-fresh-in' : 'ring-1 ring-slate-200',
      )}
    >
      <div className="relative aspect-square bg-slate-100">
        {thumbnail ? (
          <img
            src={mediaUrl(thumbnail)}
            alt={product.name}
            width={400}
            height={400}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400">
            <ImageOff className="size-8" aria-hidden="true" />
          </div>
        )}
        {product.expired ? (
          <Badge tone="slate" className="absolute top-2 left-2 shadow-sm">
            Expired
          </Badge>
        ) : product.status !== 'available' ? (
          <ProductStatusBadge status={product.status} className="absolute top-2 left-2 shadow-sm" />
        ) : (
          fresh && (
            <Badge tone="indigo" className="absolute top-2 left-2 shadow-sm">
              New
            </Badge>
          )
        )}
        {/* Above the card's stretched link, so it takes its own clicks. */}
        <div className="absolute top-2 right-2 z-10">
          <SaveButton product={product} variant="overlay" />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-0.5 p-3">
        <p className="text-base font-semibold text-slate-900">{formatRupees(product.price)}</p>
        <h2 className="line-clamp-2 text-sm text-slate-700">
          {/* The whole card is the link's target; its name is the product name. */}
          <Link
            to={paths.product(product.id)}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </h2>
        <p className="mt-auto pt-1 text-xs text-slate-500">
          {conditionLabel(product.condition)} · {categoryLabel(product.category)}
          {product.isNegotiable && ' · Negotiable'}
        </p>
        <p className="truncate text-xs text-slate-500">
          {product.seller.hostelBlock && (
            <>
              <MapPin className="mr-0.5 inline size-3 align-[-1px]" aria-hidden="true" />
              {product.seller.hostelBlock} ·{' '}
            </>
          )}
          <time dateTime={product.createdAt}>{formatRelativeTime(product.createdAt)}</time>
        </p>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-hidden="true">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-5 w-16" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-3 w-24" />
      </div>
    </div>
  );
}
