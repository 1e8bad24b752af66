import { PackageSearch, Plus, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { paths } from '@/config/paths';
import { useProducts } from '../api/get-products';
import { useMarketplaceFilters } from '../hooks/useMarketplaceFilters';
import { MarketplaceFilters } from './MarketplaceFilters';
import { ProductGrid } from './ProductGrid';
import { LOAD_PRODUCTS_FAILED } from './options';

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
  const empty = hasFilters ? (
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
  );

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
      <div className="mt-5">
        <ProductGrid query={query} label="Products" failedMessage={LOAD_PRODUCTS_FAILED} empty={empty} />
      </div>
    </>
  );
}
