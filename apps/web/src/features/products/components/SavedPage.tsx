import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { paths } from '@/config/paths';
import { useSavedProducts } from '@/api/products';
import { ProductGrid } from './ProductGrid';

const LOAD_SAVED_FAILED = 'Failed to load your saved items';

/** /saved: the products the user saved, newest save first. */
export function SavedPage() {
  const query = useSavedProducts();
  return (
    <>
      <title>Saved · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Saved</h1>
      <p className="mt-1 text-sm text-slate-600">
        Items you are watching. You hear when their price drops or they sell.
      </p>
      <div className="mt-6">
        <ProductGrid
          query={query}
          label="Saved items"
          failedMessage={LOAD_SAVED_FAILED}
          empty={
            <EmptyState
              icon={Heart}
              title="No saved items yet"
              description="Tap the heart on a product to keep it here and hear when its price drops."
              action={
                <Link to={paths.marketplace} className={buttonClasses({})}>
                  Browse the marketplace
                </Link>
              }
            />
          }
        />
      </div>
    </>
  );
}
