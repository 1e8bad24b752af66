import type { PublicProfile, Reliability } from '@campusrun/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const summary = { average: 0, count: 0 };

function profileOf(reliability: Partial<Reliability>): PublicProfile {
  return {
    id: dayscholar.id,
    name: dayscholar.name,
    avatar: null,
    role: 'dayscholar',
    memberSince: '2026-08-01T10:00:00.000Z',
    ratings: { asDeliverer: summary, asRequester: summary, asSeller: summary, asBuyer: summary },
    reviews: [],
    stats: { deliveriesCompleted: 24, requestsCompleted: 0, itemsSold: 0, deliveryCancellationRate: 0 },
    reliability: {
      deliveriesCompleted: 24,
      requestsCompleted: 0,
      cancellationsAfterAcceptance: 0,
      deliveriesGivenUp: 0,
      disputesLost: 0,
      settlementsOverdue: 0,
      memberSince: '2026-08-01T10:00:00.000Z',
      ...reliability,
    },
    listings: [],
    following: false,
    followerCount: 0,
    canFollow: false,
  };
}

async function openProfileOf(profile: PublicProfile) {
  server.use(
    meHandler(hosteller),
    http.get(api(`/users/${profile.id}/profile`), () => HttpResponse.json({ profile })),
  );
  renderApp(`/users/${profile.id}`, { user: hosteller });
  await screen.findByRole('heading', { level: 1, name: profile.name });
  return within(screen.getByRole('region', { name: 'Reliability' }));
}

/** The reliability list as label → value. */
const counts = (section: ReturnType<typeof within>) =>
  Object.fromEntries(
    section
      .getAllByRole('term')
      .map((term: HTMLElement) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );

describe('public profile: reliability', () => {
  it('reads a clean record with deliveries as reliable, then lists every count', async () => {
    const section = await openProfileOf(
      profileOf({ deliveriesCompleted: 24, deliveriesGivenUp: 1, cancellationsAfterAcceptance: 2 }),
    );
    expect(section.getByText('Reliable · 24 deliveries · 0 disputes lost')).toBeInTheDocument();
    expect(counts(section)).toEqual({
      'Deliveries completed': '24',
      'Requests completed': '0',
      'Cancellations after acceptance': '2',
      'Deliveries given up': '1',
      'Disputes lost': '0',
      'Payments overdue (7+ days)': '0',
      'Member since': 'August 2026',
    });
  });

  it('says nothing good of a record with an overdue payment', async () => {
    const section = await openProfileOf(profileOf({ deliveriesCompleted: 1, settlementsOverdue: 1 }));
    expect(section.getByText('1 delivery · 0 disputes lost · 1 payment overdue')).toBeInTheDocument();
    expect(section.queryByText(/Reliable/)).not.toBeInTheDocument();
    expect(counts(section)['Payments overdue (7+ days)']).toBe('1');
  });

  it('calls someone with nothing completed a new member', async () => {
    const section = await openProfileOf(profileOf({ deliveriesCompleted: 0 }));
    expect(section.getByText('New member · nothing completed yet')).toBeInTheDocument();
  });
});
