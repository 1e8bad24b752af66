import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeRequest, withDeliverer } from '@/test/requests';
import { RequestCard } from './RequestCard';

const renderCard = (request: ReturnType<typeof makeRequest>) =>
  render(
    <MemoryRouter>
      <ul>
        <RequestCard request={request} party="deliverer" />
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
});
