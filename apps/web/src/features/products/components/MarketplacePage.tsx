import { PackageSearch, Plus, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { SaveSearchButton } from '@/components/searches/SaveSearchButton';
import { productSearch } from '@/components/searches/search-filters';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useProducts } from '@/api/products';
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

/** The header's "Sell Product", for hostellers (only they sell). */
export function SellProductButton() {
  const { user } = useAuth();
  if (user?.role !== 'hosteller') return null;
  return (
    <Link to={paths.hosteller.sellProduct} className={buttonClasses()}>
      <Plus className="size-4" aria-hidden="true" />
      Sell Product
    </Link>
  );
}

/**
 * The marketplace's products (its first tab, for both roles): search, filters and sort in the URL;
 * pages of 24 with "Load more". The search on screen may be saved, to hear of new matches. Only
 * hostellers sell, so only they see the ways to list something.
 */
export function MarketplaceProducts() {
  const { user } = useAuth();
  const sells = user?.role === 'hosteller';
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
          {sells && <SellLink />}
        </div>
      }
    />
  ) : (
    <EmptyState
      icon={ShoppingBag}
      title="No products yet"
      description={
        sells
          ? 'Nothing is on sale right now. Be the first to list something.'
          : 'Nothing is on sale right now. Check back soon.'
      }
      action={sells ? <SellLink /> : undefined}
    />
  );

  return (
    <>
      <MarketplaceFilters filters={filters} onChange={setFilters} />
      <SaveSearchButton search={productSearch(filters)} className="mt-3" />
      <div className="mt-5">
        <ProductGrid query={query} label="Products" failedMessage={LOAD_PRODUCTS_FAILED} empty={empty} />
      </div>
    </>
  );
}
