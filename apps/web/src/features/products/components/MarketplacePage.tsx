import { PackageSearch, Plus, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { paths } from '@/config/paths';
import { useProducts } from '../api/get-products';
import { LoadMore } from '@/components/ui/LoadMore';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { useMarketplaceFilters } from '../hooks/useMarketplaceFilters';
import { MarketplaceFilters } from './MarketplaceFilters';
import { ProductCard, ProductCardSkeleton } from './ProductCard';
import { LOAD_PRODUCTS_FAILED } from './options';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4';

function SellLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  return (
    <Link to={paths.hosteller.sellProduct} className={buttonClasses({ variant })}>
      <Plus className="size-4" aria-hidden="true" />
      Sell a product
    </Link>
  );
}

/** /hosteller/marketplace: search, filters and sort in the URL; pages of 24 with "Load more". */
export function MarketplacePage() {
  const { filters, setFilters, clearFilters, hasFilters } = useMarketplaceFilters();
  const query = useProducts(filters);
  const products = query.data?.pages.flatMap((page) => page.products) ?? [];
  const { listRef, markLoadMore } = useLoadMoreFocus(products);

  let content;
  if (query.isPending) {
    content = (
      <ul className={GRID} aria-label="Loading products">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (query.isError && !query.data) {
    content = (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ErrorState
          title={LOAD_PRODUCTS_FAILED}
          message="Check your connection and try again."
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isRefetching}
        />
      </div>
    );
  } else if (products.length === 0) {
    content = (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {hasFilters ? (
          <EmptyState
            icon={PackageSearch}
            title="No products match your filters"
            description="Try other words, or clear the filters to see everything on sale."
            action={
              <div className="flex flex-wrap justify-center gap-3">
                <Button variant="secondary" onClick={clearFilters}>
                  Clear filters
                </Button>
                <SellLink />
              </div>
            }
          />
        ) : (
          <EmptyState
            icon={ShoppingBag}
            title="No products yet"
            description="Nothing is on sale right now. Be the first to list something."
            action={<SellLink />}
          />
        )}
      </div>
    );
  } else {
    content = (
      <>
        <ul
          ref={listRef}
          className={`${GRID} transition-opacity duration-150 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label="Products"
          aria-busy={query.isPlaceholderData || undefined}
        >
          {products.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
        <LoadMore query={query} failedMessage={LOAD_PRODUCTS_FAILED} onLoad={markLoadMore} />
      </>
    );
  }

  return (
    <>
      <title>Marketplace · CampusRun</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Marketplace</h1>
          <p className="mt-1 text-sm text-slate-500">Second-hand things from students on campus.</p>
        </div>
        <Link to={paths.hosteller.sellProduct} className={buttonClasses()}>
          <Plus className="size-4" aria-hidden="true" />
          Sell Product
        </Link>
      </div>
      <div className="mt-5">
        <MarketplaceFilters filters={filters} onChange={setFilters} />
      </div>
      <div className="mt-5">{content}</div>
    </>
  );
}
