import type { Reliability } from '@campusrun/shared';
import { describe, expect, it } from 'vitest';
import { reliabilitySummary } from './reliability';

const record = (counts: Partial<Reliability> = {}): Reliability => ({
  deliveriesCompleted: 0,
  requestsCompleted: 0,
  cancellationsAfterAcceptance: 0,
  deliveriesGivenUp: 0,
  disputesLost: 0,
  settlementsOverdue: 0,
  memberSince: '2026-08-01T10:00:00.000Z',
  ...counts,
});

describe('reliability summary', () => {
  it.each([
    // Something completed and a clean record: reliable.
    [{ deliveriesCompleted: 24 }, 'Reliable · 24 deliveries · 0 disputes lost'],
    [{ deliveriesCompleted: 1 }, 'Reliable · 1 delivery · 0 disputes lost'],
    [{ requestsCompleted: 3 }, 'Reliable · 3 requests · 0 disputes lost'],
    [
      { requestsCompleted: 1, deliveriesCompleted: 2 },
      'Reliable · 2 deliveries · 1 request · 0 disputes lost',
    ],
    // Cancellations and given-up deliveries are shown below, they do not take the word away.
    [{ deliveriesCompleted: 5, deliveriesGivenUp: 2 }, 'Reliable · 5 deliveries · 0 disputes lost'],
    // Nothing completed yet.
    [{}, 'New member · nothing completed yet'],
    [{ cancellationsAfterAcceptance: 1 }, 'New member · nothing completed yet'],
    // A lost dispute or an overdue payment: the counts alone, no adjective.
    [{ deliveriesCompleted: 24, disputesLost: 1 }, '24 deliveries · 1 dispute lost'],
    [{ deliveriesCompleted: 2, disputesLost: 3 }, '2 deliveries · 3 disputes lost'],
    [{ requestsCompleted: 4, settlementsOverdue: 1 }, '4 requests · 0 disputes lost · 1 payment overdue'],
    [{ settlementsOverdue: 2 }, '0 deliveries · 0 disputes lost · 2 payments overdue'],
  ] satisfies [Partial<Reliability>, string][])('%o → %s', (counts, expected) => {
    expect(reliabilitySummary(record(counts))).toBe(expected);
  });
});
