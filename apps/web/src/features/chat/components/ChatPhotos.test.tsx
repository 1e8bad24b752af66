import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chatHandlers, makeMessage, userRef } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const slow = { timeout: 10_000 };
const me = hosteller;
const partner = dayscholar;
const link = (exp: number) =>
  `/uploads/chat/0123456789abcdef0123456789abcdef.webp?exp=${exp}&sig=c2lnbmF0dXJl-${exp}`;

describe('chat photos', { timeout: 20_000 }, () => {
  it('shows a photo at its signed link, and reads the thread again for a fresh link when it no longer loads', async () => {
    let reads = 0;
    server.use(
      meHandler(me),
      // Ahead of the stock handlers: the first one that matches answers.
      http.get(api('/chat/conversation/:userId'), () => {
        reads += 1;
        const message = makeMessage({
          id: '9a1b2c3d-4e5f-4a6b-8c7d-000000000001',
          senderId: partner.id,
          receiverId: me.id,
          content: 'Photo',
          image: link(1_791_000_000 + reads),
        });
        return HttpResponse.json({ messages: [message], nextCursor: null, user: userRef(partner) });
      }),
      ...chatHandlers(partner),
    );
    renderApp(`/chat/${partner.id}`, { user: me });
    const photo = await screen.findByRole('img', { name: `Photo from ${partner.name}` }, slow);
    expect(photo).toHaveAttribute('src', link(1_791_000_001));
    expect(photo.closest('a')).toHaveAttribute('href', link(1_791_000_001));

    // The link expired while the thread stayed open.
    fireEvent.error(photo);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: `Photo from ${partner.name}` })).toHaveAttribute(
        'src',
        link(1_791_000_002),
      ),
    );
    // A photo that keeps failing does not make the page read the thread over and over.
    fireEvent.error(screen.getByRole('img', { name: `Photo from ${partner.name}` }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toBe(2);
  });
});
