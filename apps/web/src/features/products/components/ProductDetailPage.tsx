import type { Product } from '@campusrun/shared';
import { MessageCircle, Pencil, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { buttonClasses } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatRupees } from '@/lib/format';
import { useOnline } from '@/lib/online';
import { toast } from '@/lib/toast';
import { deferredComponent } from '@/lib/deferred';
import { useProduct, useSaleReviews } from '@/api/products';
import { useWatchProduct } from '../hooks/useWatchProduct';
import { ReportButton } from '@/components/reports/ReportButton';
import { ShareButton } from '@/components/share/ShareButton';
import { BuyerBar, contactPath } from './BuyerBar';
import type { MakeOfferDialogProps } from './MakeOfferDialog';
import { OfferPanel, useOfferState } from './OfferPanel';
import { OwnerActions } from './OwnerActions';
import { SaleReviews } from './SaleReviews';
import { SaveButton } from './SaveButton';
import { ProductGallery } from './ProductGallery';
import { ProductNotFound } from './ProductNotFound';
import { productShare } from './product-share';
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

/** The offer form, with its rules, loads after the first screen or when it opens. */
const MakeOfferDialog = deferredComponent<MakeOfferDialogProps>(() =>
  import('./MakeOfferDialog').then((m) => m.MakeOfferDialog),
);

/**
 * Whether the viewer is the buyer the seller named for this sold product (the sale's reviews name
 * its buyer to the two sides only, and to nobody once the buyer said they did not buy it).
 */
function useBoughtByViewer(product: Product): boolean {
  const viewerId = useAuth().user?.id;
  const sold = product.status === 'sold';
  const reviews = useSaleReviews(product.id, sold);
  return sold && viewerId !== undefined && reviews.data?.buyer?.id === viewerId;
}

/** The price; a sold product's says what it sold for when that is known. */
function PriceLine({ product, bought }: { product: Product; bought: boolean }) {
  const { soldPrice } = product;
  if (product.status !== 'sold' || soldPrice === undefined)
    return <p className="mt-1 text-3xl font-semibold text-slate-900">{formatRupees(product.price)}</p>;
  return (
    <>
      <p className="mt-1 text-3xl font-semibold text-slate-900">
        <span className="text-xl font-medium text-slate-600">
          {bought ? 'You bought it for ' : 'Sold for '}
        </span>
        {formatRupees(soldPrice)}
      </p>
    </>
  );
}

function ProductView({ product, settle }: { product: Product; settle?: ProductDetailSlot }) {
  const { user } = useAuth();
  const isSeller = user?.id === product.sellerId;
  const { can } = product;
  const bought = useBoughtByViewer(product);
  const { mayOffer, canOfferNow } = useOfferState(product);
  const [offering, setOffering] = useState(false);
  const [barHeight, setBarHeight] = useState(0);
  // Once it is sold, nobody but its buyer has anything to ask the seller about buying it.
  const contact = can.contact && (product.status !== 'sold' || bought);
  // A buyer of an available product has the price and the ways to buy in a bar on phones.
  const docked = !isSeller && product.status === 'available' && !product.expired && (contact || canOfferNow);

  return (
    <div
      className="mt-4 grid gap-6 lg:grid-cols-12 lg:gap-8"
      style={barHeight > 0 ? { paddingBottom: barHeight } : undefined}
    >
      <div className="min-w-0 lg:col-span-7">
        <ProductGallery name={product.name} images={product.images} thumbnails={product.thumbnails} />
      </div>
      <div className="min-w-0 space-y-5 lg:col-span-5">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <ProductStatusBadge status={product.status} />
            {product.expired && <Badge tone="slate">Expired</Badge>}
            {product.isNegotiable && <Badge tone="indigo">Negotiable</Badge>}
          </div>
          <h1 className="mt-2 text-2xl font-semibold break-words text-slate-900">{product.name}</h1>
          <PriceLine product={product} bought={bought} />
          <p className="mt-1 text-sm text-slate-500">Listed {formatDate(product.createdAt)}</p>
        </div>

        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
          <Fact label="Condition" value={conditionLabel(product.condition)} />
          <Fact label="Category" value={categoryLabel(product.category)} />
          <Fact label="Quantity" value={String(product.quantity)} />
          <Fact label="Negotiable" value={product.isNegotiable ? 'Yes' : 'No'} />
        </dl>

        {docked ? (
          <BuyerBar
            product={product}
            contact={contact}
            offer={canOfferNow}
            onOffer={() => setOffering(true)}
            onHeight={setBarHeight}
          />
        ) : (
          (contact || can.edit) && (
            <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
              {contact && (
                <Link
                  to={contactPath(product)}
                  className={buttonClasses({ size: 'lg', className: 'flex-1' })}
                >
                  <MessageCircle className="size-5" aria-hidden="true" />
                  {bought ? 'Message Seller' : 'Contact Seller'}
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
          )
        )}

        <div className="flex flex-wrap gap-3">
          <SaveButton product={product} />
          <ShareButton {...productShare(product)} path={paths.product(product.id)} />
        </div>

        {(can.edit || can.markSold || can.delete) && <OwnerActions product={product} />}
        {settle?.(product)}
        <OfferPanel
          product={product}
          isSeller={isSeller}
          onMakeOffer={() => setOffering(true)}
          docked={docked}
        />
        {mayOffer && <MakeOfferDialog product={product} open={offering} onClose={() => setOffering(false)} />}
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

/**
 * /products/{id}: gallery, facts, seller, the seller's controls, and for a buyer Contact Seller and
 * Make an offer (on phones in a bar at the bottom of the screen). A sold product says what it sold
 * for, and offers no way to buy it, but to its buyer a way to message the seller.
 */
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
