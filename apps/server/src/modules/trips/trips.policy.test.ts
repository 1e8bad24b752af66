import { describe, expect, it } from 'vitest';
import {
  attachRefusal,
  cancelRefusal,
  detachRefusal,
  displayStatus,
  stopsRefusal,
  tripCan,
  type RequestState,
  type TripState,
} from './trips.policy';
import { placeKey, presentStops } from './trips.presenter';

const HOUR = 3_600_000;
const trip = (over: Partial<TripState> = {}): TripState => ({
  id: 'trip',
  runnerId: 'runner',
  status: 'open',
  cutoffPassed: false,
  arriveAt: new Date(Date.now() + 2 * HOUR),
  capacity: 2,
  attached: 0,
  runnerSuspended: false,
  ...over,
});
const pending = (over: Partial<RequestState> = {}): RequestState => ({
  requesterId: 'hema',
  status: 'pending',
  delivererId: null,
  runId: null,
  tripId: null,
  deadline: new Date(Date.now() + 5 * HOUR),
  expired: false,
  visible: true,
  pickedUp: false,
  ...over,
});
const onTrip = (over: Partial<RequestState> = {}) =>
  pending({ status: 'accepted', delivererId: 'runner', tripId: 'trip', ...over });

describe('attachRefusal', () => {
  it.each<[string, TripState | undefined, RequestState | undefined, boolean, string | null]>([
    ['allowed', trip(), pending(), false, null],
    ['no trip', undefined, pending(), false, 'tripNotFound'],
    ['runner suspended', trip({ runnerSuspended: true }), pending(), false, 'tripNotFound'],
    ['no request', trip(), undefined, false, 'requestNotFound'],
    ["another's request", trip(), pending({ requesterId: 'other' }), false, 'notYourRequest'],
    ['blocked', trip(), pending(), true, 'blocked'],
    ['cancelled', trip({ status: 'cancelled' }), pending(), false, 'cancelled'],
    ['after the cutoff', trip({ cutoffPassed: true }), pending(), false, 'cutoffPassed'],
    ['accepted', trip(), pending({ status: 'accepted', delivererId: 'x' }), false, 'requestNotPending'],
    ['in a run', trip(), pending({ runId: 'run' }), false, 'requestNotPending'],
    ['already on a trip', trip(), onTrip(), false, 'requestNotPending'],
    ['expired', trip(), pending({ expired: true }), false, 'requestNotPending'],
    ['held', trip(), pending({ visible: false }), false, 'requestNotPending'],
    ['full', trip({ attached: 2 }), pending(), false, 'full'],
    [
      'due before arrival',
      trip(),
      pending({ deadline: new Date(Date.now() + HOUR) }),
      false,
      'deadlineBeforeArrival',
    ],
  ])('%s', (_, t, r, blocked, want) => {
    expect(attachRefusal('hema', t, r, blocked)).toBe(want);
  });
});

describe('detachRefusal', () => {
  it.each<[string, TripState | undefined, RequestState | undefined, string | null]>([
    ['allowed', trip(), onTrip(), null],
    ['no trip', undefined, onTrip(), 'tripNotFound'],
    ['no request', trip(), undefined, 'requestNotFound'],
    ["another's request", trip(), onTrip({ requesterId: 'other' }), 'notYourRequest'],
    ['not on it', trip(), pending(), 'notOnTrip'],
    ['on another trip', trip(), onTrip({ tripId: 'other' }), 'notOnTrip'],
    ['delivered', trip(), onTrip({ status: 'completed' }), 'notOnTrip'],
    ['after the cutoff', trip({ cutoffPassed: true }), onTrip(), 'cutoffPassed'],
    ['picked up by its runner', trip(), onTrip({ pickedUp: true }), 'pickedUp'],
  ])('%s', (_, t, r, want) => {
    expect(detachRefusal('hema', t, r)).toBe(want);
  });
});

describe('cancel, stops and can', () => {
  it('lets only the runner cancel an open trip (even after the cutoff) and read the stops', () => {
    expect(cancelRefusal('runner', trip())).toBeNull();
    expect(cancelRefusal('runner', trip({ cutoffPassed: true }))).toBeNull();
    expect(cancelRefusal('runner', trip({ status: 'cancelled' }))).toBe('cancelled');
    expect(cancelRefusal('other', trip())).toBe('notRunner');
    expect(cancelRefusal('runner', undefined)).toBe('tripNotFound');
    expect(stopsRefusal('runner', trip())).toBeNull();
    expect(stopsRefusal('other', trip())).toBe('notRunner');
  });

  it('answers what each viewer may do', () => {
    const hosteller = { id: 'hema', role: 'hosteller' as const };
    const runner = { id: 'runner', role: 'dayscholar' as const };
    const other = { id: 'dev2', role: 'dayscholar' as const };
    expect(tripCan(hosteller, trip(), [])).toEqual({
      attach: true,
      detach: false,
      detachable: [],
      cancel: false,
      stops: false,
    });
    expect(tripCan(hosteller, trip({ attached: 2 }), ['bread'])).toEqual({
      attach: false,
      detach: true,
      detachable: ['bread'],
      cancel: false,
      stops: false,
    });
    expect(tripCan(hosteller, trip({ cutoffPassed: true }), ['bread'])).toEqual({
      attach: false,
      detach: false,
      detachable: [],
      cancel: false,
      stops: false,
    });
    expect(tripCan(runner, trip({ cutoffPassed: true }), [])).toEqual({
      attach: false,
      detach: false,
      detachable: [],
      cancel: true,
      stops: true,
    });
    expect(tripCan(runner, trip({ status: 'cancelled' }), []).cancel).toBe(false);
    expect(tripCan(other, trip(), [])).toEqual({
      attach: false,
      detach: false,
      detachable: [],
      cancel: false,
      stops: false,
    });
    expect(displayStatus(trip({ cutoffPassed: true }))).toBe('closed');
    expect(displayStatus(trip({ status: 'cancelled', cutoffPassed: true }))).toBe('cancelled');
  });
});

describe('stops', () => {
  const row = (id: string, pickupFrom: string | null, deliveryLocation: string) => ({
    id,
    number: 1,
    itemName: id,
    quantity: 1,
    status: 'accepted' as const,
    pickupFrom,
    deliveryLocation,
  });

  it('compares places by lower case with white space collapsed', () => {
    expect(placeKey('  Katpadi   MARKET ')).toBe('katpadi market');
  });

  it('lists pickups (those naming no place last, as "Anywhere"), then drops', () => {
    const stops = presentStops([
      row('a', null, 'Block A'),
      row('b', 'Shop', 'block a'),
      row('c', ' shop ', 'Block C'),
      row('d', '  ', 'Block C'),
    ]);
    expect(stops.map((s) => [s.kind, s.place, s.items.map((i) => i.requestId)])).toEqual([
      ['pickup', 'Shop', ['b', 'c']],
      ['pickup', 'Anywhere', ['a', 'd']],
      ['drop', 'Block A', ['a', 'b']],
      ['drop', 'Block C', ['c', 'd']],
    ]);
    expect(presentStops([])).toEqual([]);
  });
});
