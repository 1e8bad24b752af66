import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeRequest, withDeliverer } from '@/test/requests';
import { RequestCard } from './RequestCard';

const renderCard = (
  request: ReturnType<typeof makeRequest>,
  party: 'deliverer' | 'requester' = 'deliverer',
) =>
  render(
    <MemoryRouter>
      <ul>
        <RequestCard request={request} party={party} />
      </ul>
    </MemoryRouter>,
  );

describe('request card', () => {
  it('says when a request rides on a trip or is part of a shared run', () => {
    const { unmount } = renderCard({
      ...withDeliverer(makeRequest()),
      tripId: '7a1b0000-0000-4000-8000-000000000001',
    });
    const card = screen.getByRole('link');
    expect(within(card).getByText('On a trip')).toBeInTheDocument();
    expect(within(card).queryByText('Part of a shared run')).not.toBeInTheDocument();
    unmount();

    renderCard(makeRequest({ runId: '5b2c0000-0000-4000-8000-000000000001' }));
    expect(within(screen.getByRole('link')).getByText('Part of a shared run')).toBeInTheDocument();
  });

  it('says neither for an ordinary request', () => {
    renderCard(makeRequest());
    expect(screen.queryByText('On a trip')).not.toBeInTheDocument();
    expect(screen.queryByText('Part of a shared run')).not.toBeInTheDocument();
  });

  it('shows the requester their handover code on an accepted request, and nowhere else', () => {
    const { unmount } = renderCard({ ...withDeliverer(makeRequest()), handoverCode: '4821' });
    expect(screen.getByRole('link')).toHaveTextContent('Handover code 4821');
    unmount();
    renderCard({ ...withDeliverer(makeRequest(), 'completed'), handoverCode: '4821' });
    expect(screen.getByRole('link')).not.toHaveTextContent('4821');
  });

  it('wraps a long title and a 60-character name instead of cutting them, with the badges on their own line on a phone', () => {
    const name = 'Aaradhya Venkataramanan Subramaniam Krishnamurthy Iyengar Ra';
    expect(name).toHaveLength(60);
    const itemName =
      'Twelve notebooks, two boxes of blue gel pens and a geometry set from the stationery shop';
    renderCard(
      makeRequest({
        itemName,
        isUrgent: true,
        runId: '5b2c0000-0000-4000-8000-000000000001',
        requester: { id: 'aaaaaaaa-0000-4000-8000-000000000002', name, avatar: null },
      }),
      'requester',
    );
    const card = screen.getByRole('link');
    // The whole name and title are there, wrapping anywhere (no ellipsis that hides the name).
    const who = within(card).getByText(`Requested by ${name}`);
    const title = within(card).getByText(itemName);
    for (const text of [who, title]) {
      expect(text).toHaveClass('wrap-anywhere');
      expect(text).not.toHaveClass('truncate');
    }
    // jsdom has no layout: the classes are the contract. Below sm the title and the badges stack
    // (the badges wrap on a line of their own); from sm they sit side by side, the title taking the rest.
    const badges = within(card).getByText('Urgent').parentElement!;
    expect(badges).toHaveClass('flex-wrap');
    expect(badges).not.toHaveClass('shrink-0');
    const header = badges.parentElement!;
    expect(header).toHaveClass('flex-col', 'sm:flex-row');
    expect(title.parentElement).toHaveClass('min-w-0');
  });
});
