import type { ModerationReport } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { currentSocket } from '@/test/socket';

const moderator = { ...dayscholar, isModerator: true };
const slow = { timeout: 10_000 };

const report = (
  target: Partial<ModerationReport['target']> & Pick<ModerationReport['target'], 'type' | 'id'>,
) =>
  ({
    id: crypto.randomUUID(),
    reporter: { id: hosteller.id, name: hosteller.name },
    reason: 'harassment',
    details: null,
    status: 'open',
    resolution: null,
    createdAt: '2026-10-01T10:00:00.000Z',
    target: {
      owner: { id: '5d6e7f80-1a2b-4c3d-8e9f-a0b1c2d3e4f5', name: 'Mallory Mehta', suspended: false },
      title: null,
      text: null,
      price: null,
      photos: [],
      context: [],
      moderation: null,
      post: null,
      ...target,
    },
  }) satisfies ModerationReport;

describe('moderation queue', () => {
  it('shows the photos of a reported photo message and of a reported product, with alt text and their URLs intact', async () => {
    const signed = '/uploads/chat/0123456789abcdef0123456789abcdef.webp?exp=1791000000&sig=Zm9vYmFy-_';
    const thumbs = [
      '/uploads/products/00112233445566778899aabbccddeeff_thumb.webp',
      '/uploads/products/ffeeddccbbaa99887766554433221100_thumb.webp',
    ];
    server.use(
      meHandler(moderator),
      http.get(api('/moderation/reports'), () =>
        HttpResponse.json({
          reports: [
            report({
              type: 'message',
              id: 'a8f5f167-f44f-4964-a6c8-0000000000a1',
              text: 'Photo',
              photos: [signed],
            }),
            report({
              type: 'product',
              id: 'a8f5f167-f44f-4964-a6c8-0000000000b2',
              title: 'Too-cheap phone',
              price: 500,
              photos: thumbs,
            }),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderApp('/moderation', { user: moderator });
    const items = await screen.findByRole('list', { name: 'Reported items' }, slow);

    const photo = await within(items).findByRole('img', { name: 'Photo sent by Mallory Mehta' });
    expect(photo).toHaveAttribute('src', signed);
    expect(photo.closest('a')).toHaveAttribute('href', signed);

    expect(within(items).getByRole('img', { name: 'Photo 1 of Too-cheap phone' })).toHaveAttribute(
      'src',
      thumbs[0],
    );
    expect(within(items).getByRole('img', { name: 'Photo 2 of Too-cheap phone' })).toHaveAttribute(
      'src',
      thumbs[1],
    );
  });
});

describe('a reported lost and found claim', () => {
  it("shows the answer under the finder's question, with a link to the post", async () => {
    const postId = 'a8f5f167-f44f-4964-a6c8-0000000000c3';
    server.use(
      meHandler(moderator),
      http.get(api('/moderation/reports'), () =>
        HttpResponse.json({
          reports: [
            report({
              type: 'lost_found_claim',
              id: 'a8f5f167-f44f-4964-a6c8-0000000000c4',
              text: 'Mine, send it to my hostel',
              moderation: 'held',
              post: { id: postId, title: 'Silver ring by the pool', question: 'What is engraved inside?' },
            }),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderApp('/moderation', { user: moderator });
    const items = await screen.findByRole('list', { name: 'Reported items' }, slow);
    const [card] = within(items).getAllByRole('listitem');
    expect(within(card!).getByText('Lost and found claim')).toBeInTheDocument();
    expect(within(card!).getByText('Hidden until reviewed')).toBeInTheDocument();
    expect(within(card!).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Claim on “Silver ring by the pool”',
    );
    expect(within(card!).getByRole('link', { name: 'Silver ring by the pool' })).toHaveAttribute(
      'href',
      `/lost-found/${postId}`,
    );
    expect(within(card!).getByText('By Mallory Mehta')).toBeInTheDocument();
    expect(within(card!).getByText('What is engraved inside?')).toBeInTheDocument();
    expect(within(card!).getByText('Mine, send it to my hostel')).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Suspend Mallory Mehta' })).toBeInTheDocument();
  });
});

describe('a new case while the queue is open', () => {
  it('appears without a reload when the moderator is told of it', async () => {
    const first = report({
      type: 'product',
      id: 'a8f5f167-f44f-4964-a6c8-0000000000c1',
      title: 'Fake earbuds',
    });
    const second = report({
      type: 'product',
      id: 'a8f5f167-f44f-4964-a6c8-0000000000c2',
      title: 'Stolen cycle',
    });
    let reports = [first];
    server.use(
      meHandler(moderator),
      http.get(api('/moderation/reports'), () => HttpResponse.json({ reports, nextCursor: null })),
    );
    renderApp('/moderation', { user: moderator });
    const items = await screen.findByRole('list', { name: 'Reported items' }, slow);
    await within(items).findByText('Fake earbuds');
    await waitFor(() => expect(currentSocket().connected).toBe(true));

    reports = [second, first];
    currentSocket().serverEmit('notification', {
      id: crypto.randomUUID(),
      type: 'moderation',
      message: 'New report to review: the product "Stolen cycle" (Harassment)',
      isRead: false,
      createdAt: '2026-10-01T10:05:00.000Z',
      data: { reportId: second.id },
    });
    expect(await within(items).findByText('Stolen cycle', undefined, slow)).toBeInTheDocument();
  });
});
