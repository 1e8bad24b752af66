import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chatHandlers, makeMessage } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeProduct } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { currentSocket } from '@/test/socket';

const slow = { timeout: 10_000 };
const me = dayscholar;
const partner = hosteller;

describe('a product card in a chat', { timeout: 20_000 }, () => {
  it('shows the product as it is now, not as it was sent, and follows it without a reload', async () => {
    const product = makeProduct({
      name: 'Lady Bird cycle',
      price: 3000,
      status: 'reserved',
      sellerId: partner.id,
      seller: {
        id: partner.id,
        name: partner.name,
        avatar: null,
        createdAt: partner.createdAt,
        hostelBlock: null,
      },
    });
    // Both messages carry the product as it was when they were sent: available.
    const asSent = {
      id: product.id,
      name: product.name,
      price: 3000,
      status: 'available' as const,
      thumbnail: product.thumbnails[0]!,
    };
    const messages = [
      makeMessage({
        senderId: me.id,
        receiverId: partner.id,
        content: 'Is it still there?',
        product: asSent,
      }),
      makeMessage({ senderId: me.id, receiverId: partner.id, content: 'I can pick it up', product: asSent }),
    ];
    let reads = 0;
    server.use(
      meHandler(me),
      ...chatHandlers(partner, messages),
      http.get(api(`/products/${product.id}`), () => {
        reads += 1;
        return HttpResponse.json({ product });
      }),
    );
    renderApp(`/chat/${partner.id}`, { user: me });
    const log = await screen.findByRole('log', undefined, slow);
    const cards = () => within(log).getAllByRole('link', { name: /Lady Bird cycle/ });

    await waitFor(() => {
      expect(cards()).toHaveLength(2);
      for (const card of cards()) expect(card).toHaveTextContent(/₹3,000\s*Reserved$/);
    });
    // One read and one watch for the product, however many cards show it.
    expect(reads).toBe(1);
    const socket = currentSocket();
    await waitFor(() => expect(socket.sent('product:watch')).toEqual([[{ id: product.id }]]));

    // The seller sells it: every card says so, with what it sold for.
    socket.serverEmit('product:updated', { product: { ...product, status: 'sold', soldPrice: 3000 } });
    await waitFor(() => {
      for (const card of cards()) expect(card).toHaveTextContent(/₹3,000\s*Sold$/);
    });
    expect(reads).toBe(1);
  });
});
