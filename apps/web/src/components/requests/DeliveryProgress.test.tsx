import type { DeliveryRequest } from '@campusrun/shared';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delivererRef, makeRequest, withDeliverer } from '@/test/requests';
import { DeliveryProgressLine, DeliveryProgressPanel } from './DeliveryProgress';
import { GroupRequestList } from './GroupRequestList';
import { RequestRow } from './RequestRow';

const START = new Date('2026-11-30T10:00:00Z').getTime();
const MINUTE = 60_000;

/** An accepted request its deliverer picked up and, with `etaIn`, is on the way with. */
function onTheWay(etaIn?: number): DeliveryRequest {
  return {
    ...withDeliverer(makeRequest()),
    deliverer: delivererRef,
    pickedUpAt: new Date(START - 5 * MINUTE).toISOString(),
    onTheWayAt: etaIn === undefined ? null : new Date(START).toISOString(),
    arrivalEta: etaIn === undefined ? null : new Date(START + etaIn).toISOString(),
  };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the arrival countdown', () => {
  it('counts down by itself, then says "Any moment now" once the estimate has passed', () => {
    render(<DeliveryProgressPanel request={onTheWay(6 * MINUTE)} viewerIsDeliverer={false} />);
    const countdown = screen.getByTestId('arrival');
    expect(countdown).toHaveTextContent('Arriving in about 6 min');

    // A minute and a bit later, without any new data.
    advance(80_000);
    expect(countdown).toHaveTextContent('Arriving in about 5 min');
    advance(3 * MINUTE);
    expect(countdown).toHaveTextContent('Arriving in about 2 min');
    advance(2 * MINUTE);
    expect(countdown).toHaveTextContent('Any moment now');
    // It stays so (nothing more to count).
    advance(10 * MINUTE);
    expect(countdown).toHaveTextContent('Any moment now');
  });

  it('announces each step and each new estimate politely, never each tick', () => {
    const { rerender } = render(
      <DeliveryProgressPanel request={withDeliverer(makeRequest())} viewerIsDeliverer={false} />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    expect(screen.queryByTestId('arrival')).not.toBeInTheDocument();

    rerender(<DeliveryProgressPanel request={onTheWay()} viewerIsDeliverer={false} />);
    expect(screen.getByTestId('arrival')).toHaveTextContent('Picked up');
    expect(status).toHaveTextContent('Picked up');

    rerender(<DeliveryProgressPanel request={onTheWay(6 * MINUTE)} viewerIsDeliverer={false} />);
    expect(status).toHaveTextContent(`${delivererRef.name} is on the way, arriving in about 6 min`);
    advance(2 * MINUTE);
    expect(screen.getByTestId('arrival')).toHaveTextContent('Arriving in about 4 min');
    // The region still says what it said: a tick is not news.
    expect(status).toHaveTextContent(`${delivererRef.name} is on the way, arriving in about 6 min`);

    // A new estimate is.
    rerender(
      <DeliveryProgressPanel request={onTheWay(2 * MINUTE + 10 * MINUTE)} viewerIsDeliverer={false} />,
    );
    expect(status).toHaveTextContent(`${delivererRef.name} is on the way, arriving in about 10 min`);
    expect(screen.getByTestId('arrival')).toHaveTextContent('Arriving in about 10 min');
    advance(11 * MINUTE);
    expect(status).toHaveTextContent('Any moment now');
  });

  it('a list row ticks too, and gives screen readers the clock time instead', () => {
    render(<DeliveryProgressLine request={onTheWay(30 * MINUTE)} />);
    const countdown = screen.getByTestId('arrival-countdown');
    expect(countdown).toHaveTextContent('Arriving in about 30 min');
    expect(countdown).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(/^On the way, arriving around /)).toBeInTheDocument();
    advance(15 * MINUTE);
    expect(countdown).toHaveTextContent('Arriving in about 15 min');
  });

  it('says nothing before the pickup, nor once the request is completed', () => {
    const { container, rerender } = render(<DeliveryProgressLine request={withDeliverer(makeRequest())} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DeliveryProgressLine request={{ ...onTheWay(6 * MINUTE), status: 'completed' }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DeliveryProgressLine request={onTheWay()} />);
    expect(container).toHaveTextContent('Picked up');
  });

  it('shows on the requester’s dashboard row and on a trip’s or run’s list', () => {
    const request = onTheWay(6 * MINUTE);
    render(
      <MemoryRouter>
        <ul>
          <RequestRow request={request} party="deliverer" />
        </ul>
        <GroupRequestList
          requests={[onTheWay()]}
          empty=""
          title={(r) => r.itemName}
          detail={() => 'Block A'}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('arrival-countdown')).toHaveTextContent('Arriving in about 6 min');
    expect(screen.getByText('Picked up')).toBeInTheDocument();
    advance(7 * MINUTE);
    expect(screen.getByTestId('arrival-countdown')).toHaveTextContent('Any moment now');
  });
});
