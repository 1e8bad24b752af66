import type { Run, RunCan, Trip, TripCan } from '@campusrun/shared';
import { dayscholar, hosteller } from './fixtures';

const HOUR = 3_600_000;
let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

/** A trip's `can` with the named actions allowed; `detachable` lists the requests Remove shows on. */
export function tripCan(...allowed: Exclude<keyof TripCan, 'detachable'>[]): TripCan {
  const none: TripCan = { attach: false, detach: false, detachable: [], cancel: false, stops: false };
  for (const action of allowed) none[action] = true;
  return none;
}

export function runCan(...allowed: (keyof RunCan)[]): RunCan {
  const none: RunCan = { join: false, leave: false, accept: false };
  for (const action of allowed) none[action] = true;
  return none;
}

/** The `dayscholar` fixture as a trip's runner. */
const runnerRef = {
  id: dayscholar.id,
  name: dayscholar.name,
  avatar: null,
  rating: 4.6,
  ratingCount: 5,
};

/** An open trip of the `dayscholar` fixture from Katpadi, arriving in 3 hours, cutoff in 2. */
export function makeTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    id: nextId('7a1b0000'),
    runner: runnerRef,
    from: 'Katpadi',
    arriveAt: new Date(Date.now() + 3 * HOUR).toISOString(),
    cutoffAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    capacity: 5,
    attached: 3,
    note: null,
    status: 'open',
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    requests: [],
    can: tripCan(),
    ...overrides,
  };
}

/** An open run started by the `hosteller` fixture: 4 items, ₹80, 3 blocks, 4 people. */
export function makeRun(overrides: Partial<Run> = {}): Run {
  return {
    id: nextId('5b2c0000'),
    starter: { id: hosteller.id, name: hosteller.name, avatar: null },
    deliverer: null,
    pickupFrom: 'Katpadi market',
    cutoffAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    deadline: new Date(Date.now() + 5 * HOUR).toISOString(),
    totalFee: 80,
    status: 'open',
    participants: 4,
    items: 4,
    blocks: 3,
    share: 20,
    shareIfJoined: 16,
    myRequestId: null,
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    requests: [],
    can: runCan(),
    ...overrides,
  };
}
