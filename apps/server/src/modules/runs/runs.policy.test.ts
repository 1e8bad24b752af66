import { describe, expect, it } from 'vitest';
import { RUN_LIMITS } from '@campusrun/shared';
import {
  acceptRefusal,
  joinRefusal,
  leaveRefusal,
  runCan,
  shareOf,
  shownStatus,
  splitFee,
  type RunState,
  type RunViewer,
} from './runs.policy';

const NOW = new Date('2026-11-26T10:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('splitFee', () => {
  const totals = [1000, 1001, 1003, 1007, 999_999, 1_000_000, 4321, 12_345, 8000, 7777];
  for (let n = 1; n <= RUN_LIMITS.participantsMax; n++)
    it(`shares of ${n} participant(s) add up to the total exactly, equal but for the first`, () => {
      for (const total of totals) {
        const shares = splitFee(total, n);
        expect(shares).toHaveLength(n);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        const base = Math.floor(total / n);
        expect(shares.slice(1).every((s) => s === base)).toBe(true);
        expect(shares[0]).toBe(base + (total % n));
        expect(shares[0]! - base).toBeLessThan(n);
        // ₹10 or more between at most 10 people: never below the requests' ₹1 minimum.
        expect(Math.min(...shares)).toBeGreaterThanOrEqual(100);
        expect(shareOf(total, n)).toBe(base);
      }
    });

  it('nobody left: nothing to split', () => {
    expect(splitFee(1000, 0)).toEqual([]);
    expect(shareOf(1000, 0)).toBe(1000);
  });
});

const run = (over: Partial<RunState> = {}): RunState => ({
  starterId: 'starter',
  delivererId: null,
  status: 'open',
  cutoffAt: at(1),
  deadline: at(3),
  participants: 2,
  ...over,
});
const hosteller = (over: Partial<RunViewer> = {}): RunViewer => ({
  id: 'h2',
  role: 'hosteller',
  joined: false,
  blocked: false,
  starterHidden: false,
  ...over,
});
const dayScholar = (over: Partial<RunViewer> = {}): RunViewer => ({
  id: 'd1',
  role: 'dayscholar',
  joined: false,
  blocked: false,
  starterHidden: false,
  ...over,
});

describe('joining', () => {
  it.each([
    ['open, before the cutoff', hosteller(), run(), null],
    ['already in it', hosteller({ joined: true }), run(), 'alreadyJoined'],
    ['cutoff passed', hosteller(), run({ cutoffAt: at(-0.1) }), 'cutoffPassed'],
    ['accepted', hosteller(), run({ status: 'accepted' }), 'notOpen'],
    ['cancelled', hosteller(), run({ status: 'cancelled' }), 'notOpen'],
    ['full', hosteller(), run({ participants: RUN_LIMITS.participantsMax }), 'full'],
    ['one place left', hosteller(), run({ participants: RUN_LIMITS.participantsMax - 1 }), null],
    ['blocked with someone in it', hosteller({ blocked: true }), run(), 'blocked'],
    ['its starter hidden from them', hosteller({ starterHidden: true }), run(), 'hidden'],
  ] as const)('%s: %s', (_, viewer, state, reason) => {
    expect(joinRefusal(viewer, state, NOW)).toBe(reason);
    expect(runCan(viewer, state, NOW).join).toBe(reason === null);
  });

  it('a day scholar is never offered to join', () => {
    expect(runCan(dayScholar(), run(), NOW).join).toBe(false);
  });
});

describe('leaving', () => {
  it.each([
    ['a participant before the cutoff', hosteller({ joined: true }), run(), null],
    ['not in it', hosteller(), run(), 'notJoined'],
    ['the starter', hosteller({ id: 'starter', joined: true }), run(), 'starterCannotLeave'],
    ['after the cutoff', hosteller({ joined: true }), run({ cutoffAt: at(-1) }), 'cutoffPassed'],
    ['once accepted', hosteller({ joined: true }), run({ status: 'accepted' }), 'notOpen'],
    ['in it, its starter hidden from them', hosteller({ joined: true, starterHidden: true }), run(), null],
    ['not in it, its starter hidden from them', hosteller({ starterHidden: true }), run(), 'hidden'],
  ] as const)('%s: %s', (_, viewer, state, reason) => {
    expect(leaveRefusal(viewer, state, NOW)).toBe(reason);
    expect(runCan(viewer, state, NOW).leave).toBe(reason === null);
  });
});

describe('accepting', () => {
  it.each([
    ['open', run(), dayScholar(), null],
    ['open, cutoff passed', run({ cutoffAt: at(-1) }), dayScholar(), null],
    ['accepted', run({ status: 'accepted' }), dayScholar(), 'taken'],
    ['cancelled', run({ status: 'cancelled' }), dayScholar(), 'notOpen'],
    ['deadline passed', run({ cutoffAt: at(-2), deadline: at(-1) }), dayScholar(), 'notOpen'],
    ['nobody left in it', run({ participants: 0 }), dayScholar(), 'notOpen'],
    ['blocked with a participant', run(), dayScholar({ blocked: true }), 'blocked'],
    ['its starter hidden from them', run(), dayScholar({ starterHidden: true }), 'hidden'],
    [
      'accepted by them, its starter hidden',
      run({ status: 'accepted', delivererId: 'd1' }),
      dayScholar({ starterHidden: true }),
      'taken',
    ],
  ] as const)('%s: %s', (_, state, viewer, reason) => {
    expect(acceptRefusal(viewer, state, NOW)).toBe(reason);
    expect(runCan(viewer, state, NOW).accept).toBe(reason === null);
  });

  it('a hosteller is never offered to accept', () => {
    expect(runCan(hosteller(), run(), NOW).accept).toBe(false);
  });
});

it('an open run shows as closed once its cutoff passed', () => {
  expect(shownStatus(run(), NOW)).toBe('open');
  expect(shownStatus(run({ cutoffAt: at(-1) }), NOW)).toBe('closed');
  expect(shownStatus(run({ status: 'accepted', cutoffAt: at(-1) }), NOW)).toBe('accepted');
});
