import { ProductDetailPage } from '@/features/products/components/ProductDetailPage';
import { LazySettleCard } from './settle-card';

/** /products/{id}: the product, and once it is sold, who owes whom for it (buyer and seller only). */
export function ProductPage() {
  return (
    <ProductDetailPage
      settle={(product) =>
        product.status === 'sold' ? <LazySettleCard kind="sale" targetId={product.id} /> : null
      }
    />
  );
}
