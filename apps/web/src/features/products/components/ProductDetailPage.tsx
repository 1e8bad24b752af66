import type { Product } from '@campusrun/shared';
import { MessageCircle, Pencil, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/ui/BackLink';
import { Badge } from '@/components/ui/Badge';
import { buttonClasses } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatRupees } from '@/lib/format';
import { useOnline } from '@/lib/online';
import { toast } from '@/lib/toast';
import { useProduct } from '@/api/products';
import { useWatchProduct } from '../hooks/useWatchProduct';
import { ReportButton } from '@/components/reports/ReportButton';
import { ShareButton } from '@/components/share/ShareButton';
import { OfferPanel } from './OfferPanel';
import { OwnerActions } from './OwnerActions';
import { SaleReviews } from './SaleReviews';
import { SaveButton } from './SaveButton';
import { ProductGallery } from './ProductGallery';
import { ProductNotFound } from './ProductNotFound';
import { ProductStatusBadge } from '@/components/products/ProductStatusBadge';
import { SellerCard } from './SellerCard';
import { LOAD_PRODUCT_FAILED, categoryLabel, conditionLabel } from './options';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** What the page may show under the seller's controls, composed by the app (the settle card). */
export type ProductDetailSlot = (product: Product) => ReactNode;

function ProductView({ product, settle }: { product: Product; settle?: ProductDetailSlot }) {
  const { user } = useAuth();
  const isSeller = user?.id === product.sellerId;
  const { can } = product;

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-12 lg:gap-8">
      <div className="min-w-0 lg:col-span-7">
        <ProductGallery name={product.name} images={product.images} thumbnails={product.thumbnails} />
      </div>
      <div className="min-w-0 space-y-5 lg:col-span-5">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <ProductStatusBadge status={product.status} />
            {product.isNegotiable && <Badge tone="indigo">Negotiable</Badge>}
          </div>
          <h1 className="mt-2 text-2xl font-semibold break-words text-slate-900">{product.name}</h1>
          <p className="mt-1 text-3xl font-semibold text-slate-900">{formatRupees(product.price)}</p>
          <p className="mt-1 text-sm text-slate-500">Listed {formatDate(product.createdAt)}</p>
        </div>

        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
          <Fact label="Condition" value={conditionLabel(product.condition)} />
          <Fact label="Category" value={categoryLabel(product.category)} />
          <Fact label="Quantity" value={String(product.quantity)} />
          <Fact label="Negotiable" value={product.isNegotiable ? 'Yes' : 'No'} />
        </dl>

        <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
          {can.contact && (
            <Link
              to={`${paths.chatWith(product.sellerId)}?product=${encodeURIComponent(product.id)}`}
              className={buttonClasses({ size: 'lg', className: 'flex-1' })}
            >
              <MessageCircle className="size-5" aria-hidden="true" />
              Contact Seller
            </Link>
          )}
          {can.edit && (
            <Link
              to={paths.hosteller.editProduct(product.id)}
              className={buttonClasses({ size: 'lg', className: 'flex-1' })}
            >
              <Pencil className="size-5" aria-hidden="true" />
              Edit Product
            </Link>
          )}
        </div>

        <div className="flex flex-wrap gap-3">
          <SaveButton product={product} />
          <ShareButton title={product.name} path={paths.product(product.id)} />
        </div>

        {(can.edit || can.markSold || can.delete) && <OwnerActions product={product} />}
        {settle?.(product)}
        <OfferPanel product={product} isSeller={isSeller} />
        <SaleReviews product={product} />

        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-base font-medium text-slate-900">
            Description
          </h2>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{product.description}</p>
        </section>

        <SellerCard seller={product.seller} isYou={isSeller} />
        {can.report && <ReportButton targetType="product" targetId={product.id} what="this product" />}
      </div>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-12 lg:gap-8" aria-hidden="true">
      <Skeleton className="aspect-square w-full rounded-xl lg:col-span-7" />
      <div className="space-y-4 lg:col-span-5">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-9 w-32" />
        <div className="grid grid-cols-2 gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}

/** /products/{id}: gallery, facts, seller, Contact Seller (not for the seller) and the seller's controls. */
export function ProductDetailPage({ settle }: { settle?: ProductDetailSlot } = {}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useProduct(id);
  const online = useOnline();
  useWatchProduct(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // What a list showed is no answer of the product's own: a failure or a 404 still counts.
  const failed = query.isError && !notFound && (!query.data || query.isPlaceholderData);
  const product = notFound || failed ? undefined : query.data;

  useEffect(() => {
    if (!failed) return;
    // A product that fails to load: the toast 'Failed to load product details', then the marketplace
    // (docs/product.md#screen-states).
    toast.error(LOAD_PRODUCT_FAILED, { toastId: 'product-load-failed' });
    navigate(paths.marketplace, { replace: true });
  }, [failed, navigate]);

  return (
    <>
      <title>{`${product?.name ?? 'Product Details'} · CampusRun`}</title>
      <BackLink to={paths.marketplace}>Marketplace</BackLink>
      {!online && (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {product
            ? "You're offline. This is the product as you last saw it."
            : "You're offline. This product opens once you're back online."}
        </p>
      )}
      {product ? (
        <ProductView product={product} settle={settle} />
      ) : notFound ? (
        <>
          <h1 className="sr-only">Product Details</h1>
          <div className="mt-4 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <ProductNotFound />
          </div>
        </>
      ) : (
        <>
          <h1 className="sr-only">Product Details</h1>
          {online && <DetailSkeleton />}
        </>
      )}
    </>
  );
}
