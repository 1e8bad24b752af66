import type { Offer, Product, ProductListResponse, Settlement } from '@campusrun/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { markFresh } from '@/lib/fresh';
import { type LaterRefetches, type Pages, patchPages, removeById, replaceById } from '@/lib/live-cache';
import { type ProductFilters, applyOffer, productKeys } from '@/api/cache';

const productPages = (
  data: Pages<ProductListResponse> | undefined,
  edit: (list: Product[], pageIndex: number) => Product[],
) =>
  patchPages(
    data,
    (page) => page.products,
    (page, products) => ({ ...page, products }),
    edit,
  );

/**
 * Where a new product goes in a cached marketplace list: at the top of a newest-first list it
 * belongs to, nowhere in a list whose category, condition or price range it does not have, and only
 * the server can say for a search or a price order.
 */
function placeOfNew(key: QueryKey, product: Product): 'top' | 'none' | 'refetch' {
  const filters = key[2] as Partial<ProductFilters> | undefined;
  if (!filters || typeof filters !== 'object') return 'refetch';
  if (filters.category && filters.category !== product.category) return 'none';
  if (filters.condition && filters.condition !== product.condition) return 'none';
  if (filters.minPrice && product.price < Number(filters.minPrice)) return 'none';
  if (filters.maxPrice && product.price > Number(filters.maxPrice)) return 'none';
  if (filters.search || (filters.sort && filters.sort !== 'recent')) return 'refetch';
  return 'top';
}

/**
 * The pushed copy is the same for every watcher: whether this viewer saved it stays as it was, and
 * so does a contact or offer refused to them (they and the seller are blocked).
 */
const keepViewersOwn = (pushed: Product, old: Product | undefined): Product =>
  old
    ? {
        ...pushed,
        isSaved: old.isSaved,
        can: {
          ...pushed.can,
          contact: pushed.can.contact && old.can.contact,
          offer: pushed.can.offer && old.can.offer,
        },
      }
    : pushed;

/**
 * The products' cache under the socket's product events:
 *
 * - product:available (every member but the seller and those blocked with them): an open marketplace
 *   showing the newest first gains the product at the top, highlighted (a bumped one moves there); a list sorted by price or
 *   narrowed by a search refetches once, shortly after (where it belongs is the server's call).
 * - product:updated / product:removed (product pages open, and the seller): the product page and
 *   cached product lists take the new copy or drop it.
 * - offer:updated: the product's offers take the new copy.
 * - settlement:updated for a sale: its reviews refetch (the buyer's confirmation is what lets the two
 *   review each other, and they stay shut once it is void).
 */
export function productsLive(queryClient: QueryClient, later: LaterRefetches) {
  return {
    available(product: Product) {
      markFresh(product.id);
      for (const query of queryClient.getQueryCache().findAll({ queryKey: productKeys.lists() })) {
        const place = placeOfNew(query.queryKey, product);
        if (place === 'refetch') later.add(query.queryKey);
        if (place !== 'top') continue;
        // A bumped product moves to the top from wherever it was.
        queryClient.setQueryData<Pages<ProductListResponse>>(query.queryKey, (data) => {
          const shown = data?.pages.flatMap((page) => page.products).find((p) => p.id === product.id);
          const top = keepViewersOwn(product, shown);
          return productPages(data, (list, page) =>
            page === 0 ? [top, ...removeById(list, product.id)] : removeById(list, product.id),
          );
        });
      }
    },

    updated(product: Product) {
      queryClient.setQueryData<Product>(productKeys.detail(product.id), (old) =>
        keepViewersOwn(product, old),
      );
      queryClient.setQueriesData<Pages<ProductListResponse>>({ queryKey: productKeys.lists() }, (data) =>
        productPages(data, (list) =>
          replaceById(
            list,
            keepViewersOwn(
              product,
              list.find((p) => p.id === product.id),
            ),
          ),
        ),
      );
    },

    removed(id: string) {
      queryClient.setQueriesData<Pages<ProductListResponse>>({ queryKey: productKeys.lists() }, (data) =>
        productPages(data, (list) => removeById(list, id)),
      );
      // Its page drops the copy it shows and learns it is gone (404: "Product not found").
      void queryClient.resetQueries({ queryKey: productKeys.detail(id), exact: true });
    },

    offerUpdated(offer: Offer) {
      applyOffer(queryClient, offer);
    },

    settlementUpdated(settlement: Settlement) {
      if (settlement.kind === 'sale' && settlement.thing.id)
        void queryClient.invalidateQueries({
          queryKey: productKeys.reviews(settlement.thing.id),
          exact: true,
        });
    },

    reconnected() {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  };
}
