import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useThreadProduct } from '@/api/products';
import { productQuery, useProduct } from '@/api/products';
import { makeProduct, seller } from '@/test/products';
import { createLiveUpdates } from './live-updates';

const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
afterEach(() => client.clear());

describe('a pushed product', () => {
  it('reaches every screen that shows it: the product page and the product card of a chat thread', async () => {
    const product = makeProduct({ price: 400 });
    client.setQueryData(productQuery(product.id).queryKey, product);
    const page = renderHook(() => useProduct(product.id), { wrapper });
    const card = renderHook(() => useThreadProduct(product.id, [seller.id]), { wrapper });
    expect(page.result.current.data?.price).toBe(400);
    expect(card.result.current.data?.price).toBe(400);

    await act(async () =>
      createLiveUpdates(client).productUpdated({ ...product, price: 350, status: 'reserved' }),
    );

    await waitFor(() => expect(page.result.current.data).toMatchObject({ price: 350, status: 'reserved' }));
    await waitFor(() =>
      expect(card.result.current.data).toMatchObject({ id: product.id, price: 350, status: 'reserved' }),
    );
  });
});
