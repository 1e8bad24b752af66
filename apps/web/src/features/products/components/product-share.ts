import { SHARE_TEXTS, type Product } from '@campusrun/shared';
import { formatRupees } from '@/lib/format';

/** What the Share button sends with a product's link: its name as the title, "<name> — ₹<price>" as the text. */
export const productShare = (product: Pick<Product, 'name' | 'price'>) => ({
  title: product.name,
  text: SHARE_TEXTS.product(product.name, formatRupees(product.price)),
});
