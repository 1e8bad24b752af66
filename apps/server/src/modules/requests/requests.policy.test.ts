import { HANDOVER_CODE, type RequestCan, type RequestStatus, type Role } from '@campusrun/shared';
import { describe, expect, it } from 'vitest';
import {
  acceptRefusal,
  barredDeliverers,
  cancelDeliveryRefusal,
  cancelRefusal,
  deliverRefusal,
  isExpired,
  isHandoverLocked,
  loadRefusal,
  confirmReceiptRefusal,
  onTheWayRefusal,
  pickUpRefusal,
  repostRefusal,
  requestCan,
  type Viewer,
} from './requests.policy';

const NOW = new Date('2026-11-22T12:00:00Z');
const FUTURE = new Date('2026-11-22T18:00:00Z');
const PAST = new Date('2026-11-22T11:00:00Z');

const REQUESTER = 'requester';
const DELIVERER = 'deliverer';

const viewers: Record<string, Viewer> = {
  requester: { id: REQUESTER, role: 'hosteller' },
  'other hosteller': { id: 'h2', role: 'hosteller' },
  deliverer: { id: DELIVERER, role: 'dayscholar' },
  'other day scholar': { id: 'd2', role: 'dayscholar' },
  'no role yet': { id: 'g1', role: null as Role | null },
};

/** What every state below shares: nobody gave it up, no handover code asked. */
const BASE = {
  requesterId: REQUESTER,
  givenUpBy: [] as string[],
  handoverRequired: false,
  handoverAttempts: 0,
};

const ACTED = new Date('2026-11-22T11:30:00Z');
const states = {
  pending: { status: 'pending', delivererId: null, deadline: FUTURE, pickedUpAt: null },
  'pending, deadline passed': { status: 'pending', delivererId: null, deadline: PAST, pickedUpAt: null },
  accepted: { status: 'accepted', delivererId: DELIVERER, deadline: FUTURE, pickedUpAt: null },
  'accepted, picked up': { status: 'accepted', delivererId: DELIVERER, deadline: FUTURE, pickedUpAt: ACTED },
  'accepted, deadline passed': {
    status: 'accepted',
    delivererId: DELIVERER,
    deadline: PAST,
    pickedUpAt: null,
  },
  completed: { status: 'completed', delivererId: DELIVERER, deadline: FUTURE, pickedUpAt: ACTED },
  'completed without its deliverer': {
    status: 'completed',
    delivererId: DELIVERER,
    deadline: FUTURE,
    pickedUpAt: null,
  },
  'cancelled while pending': { status: 'cancelled', delivererId: null, deadline: FUTURE, pickedUpAt: null },
  'cancelled while accepted': {
    status: 'cancelled',
    delivererId: DELIVERER,
    deadline: FUTURE,
    pickedUpAt: null,
  },
} satisfies Record<
  string,
  { status: RequestStatus; delivererId: string | null; deadline: Date; pickedUpAt: Date | null }
>;

type Action = keyof RequestCan;

/**
 * state × viewer → the actions `can` allows (everything else false). Pending requests have no
 * deliverer, so there "deliverer" is just another day scholar.
 */
const table: [keyof typeof states, keyof typeof viewers, Action[]][] = [
  ['pending', 'requester', ['cancel']],
  ['pending', 'other hosteller', ['chat', 'report']],
  ['pending', 'deliverer', ['accept', 'chat', 'report']],
  ['pending', 'other day scholar', ['accept', 'chat', 'report']],
  ['pending', 'no role yet', []],
  ['pending, deadline passed', 'requester', ['cancel', 'repost']],
  ['pending, deadline passed', 'other hosteller', ['chat', 'report']],
  ['pending, deadline passed', 'other day scholar', ['chat', 'report']],
  ['accepted', 'requester', ['cancel', 'chat']],
  ['accepted', 'other hosteller', ['chat', 'report']],
  ['accepted', 'deliverer', ['complete', 'cancelDelivery', 'pickUp', 'chat', 'report']],
  ['accepted', 'other day scholar', ['chat', 'report']],
  ['accepted', 'no role yet', []],
  ['accepted, picked up', 'requester', ['cancel', 'chat', 'confirmReceipt']],
  ['accepted, picked up', 'deliverer', ['complete', 'cancelDelivery', 'onTheWay', 'chat', 'report']],
  ['accepted, picked up', 'other day scholar', ['chat', 'report']],
  ['accepted, picked up', 'other hosteller', ['chat', 'report']],
  ['accepted, deadline passed', 'requester', ['cancel', 'chat']],
  ['accepted, deadline passed', 'deliverer', ['complete', 'cancelDelivery', 'pickUp', 'chat', 'report']],
  ['completed', 'requester', ['rate', 'chat']],
  ['completed', 'deliverer', ['rate', 'chat', 'report']],
  ['completed without its deliverer', 'requester', ['chat']],
  ['completed without its deliverer', 'deliverer', ['chat', 'report']],
  ['completed', 'other hosteller', []],
  ['completed', 'other day scholar', []],
  ['cancelled while pending', 'requester', []],
  ['cancelled while pending', 'other day scholar', []],
  ['cancelled while accepted', 'requester', ['chat']],
  ['cancelled while accepted', 'deliverer', ['chat', 'report']],
  ['cancelled while accepted', 'other hosteller', []],
];

const ALL: Action[] = [
  'accept',
  'complete',
  'cancel',
  'cancelDelivery',
  'pickUp',
  'onTheWay',
  'rate',
  'chat',
  'repost',
  'confirmReceipt',
  'report',
];
const only = (allowed: Action[]) =>
  Object.fromEntries(ALL.map((a) => [a, allowed.includes(a)])) as RequestCan;

describe('requestCan: role × state × ownership', () => {
  it.each(table)('%s, seen by the %s: %j', (state, viewer, allowed) => {
    const r = { ...BASE, ...states[state] };
    expect(requestCan(viewers[viewer]!, r, NOW, false)).toEqual(only(allowed));
  });

  it('a party who has rated may rate no more', () => {
    const r = { ...BASE, ...states.completed };
    expect(requestCan(viewers.requester!, r, NOW, true)).toEqual(only(['chat']));
    expect(requestCan(viewers.deliverer!, r, NOW, true)).toEqual(only(['chat', 'report']));
  });

  it('neither party may rate while one of them blocks the other', () => {
    const r = { ...BASE, ...states.completed };
    expect(requestCan(viewers.requester!, r, NOW, false, true).rate).toBe(false);
    expect(requestCan(viewers.deliverer!, r, NOW, false, true).rate).toBe(false);
  });

  it('every allowed action is one its refusal function allows too (one rule, two uses)', () => {
    for (const [state, viewer] of table) {
      const r = { ...BASE, ...states[state] };
      const v = viewers[viewer]!;
      const can = requestCan(v, r, NOW, false);
      if (can.accept) expect(acceptRefusal(v.id, r, NOW)).toBeNull();
      if (can.complete) expect(deliverRefusal(v.id, r)).toBeNull();
      if (can.cancel) expect(cancelRefusal(v.id, r)).toBeNull();
      if (can.cancelDelivery) expect(cancelDeliveryRefusal(v.id, r)).toBeNull();
      if (can.repost) expect(repostRefusal(v.id, r, NOW)).toBeNull();
      if (can.pickUp) expect(pickUpRefusal(v.id, r)).toBeNull();
      if (can.onTheWay) expect(onTheWayRefusal(v.id, r)).toBeNull();
      if (can.confirmReceipt) expect(confirmReceiptRefusal(v.id, r)).toBeNull();
    }
  });
});

describe('refusal reasons', () => {
  const r = (state: keyof typeof states) => ({ ...BASE, ...states[state] });
  it.each([
    ['pending', REQUESTER, 'ownRequest'],
    ['pending', 'd2', null],
    ['pending, deadline passed', 'd2', 'expired'],
    ['accepted', 'd2', 'taken'],
    ['accepted', DELIVERER, 'alreadyYours'],
    ['completed', 'd2', 'completed'],
    ['cancelled while pending', 'd2', 'cancelled'],
  ] as const)('accept of a %s request by %s: %s', (state, actor, reason) => {
    expect(acceptRefusal(actor, r(state), NOW)).toBe(reason);
  });

  it("a shared run's pending request is accepted with its run, never alone", () => {
    const inRun = { ...r('pending'), runId: 'run-1' };
    expect(acceptRefusal('d2', inRun, NOW)).toBe('partOfRun');
    expect(acceptRefusal(REQUESTER, inRun, NOW)).toBe('ownRequest');
    expect(requestCan(viewers['other day scholar']!, inRun, NOW, false).accept).toBe(false);
    // Once the run is accepted each request lives on its own: the usual answers.
    expect(acceptRefusal('d2', { ...r('accepted'), runId: 'run-1' }, NOW)).toBe('taken');
    // It keeps the run's deadline: not reposted alone.
    const expired = { ...r('pending, deadline passed'), runId: 'run-1' };
    expect(repostRefusal(REQUESTER, expired, NOW)).toBe('partOfRun');
    expect(requestCan(viewers.requester!, expired, NOW, false).repost).toBe(false);
  });

  it('a day scholar who gave the request up twice may not accept it again; once is not enough', () => {
    const once = { ...r('pending'), givenUpBy: ['d2', DELIVERER] };
    expect(acceptRefusal('d2', once, NOW)).toBeNull();
    const twice = { ...r('pending'), givenUpBy: ['d2', DELIVERER, 'd2'] };
    expect(acceptRefusal('d2', twice, NOW)).toBe('gaveUpTwice');
    expect(acceptRefusal(DELIVERER, twice, NOW)).toBeNull();
    expect(requestCan(viewers['other day scholar']!, twice, NOW, false).accept).toBe(false);
    expect(requestCan(viewers.deliverer!, twice, NOW, false).accept).toBe(true);
    expect(barredDeliverers(twice)).toEqual(['d2']);
  });

  it('finding 1: confirm receipt waits for the deliverer to act; picking up is theirs alone, once', () => {
    expect(confirmReceiptRefusal(REQUESTER, r('accepted'))).toBe('notPickedUp');
    expect(confirmReceiptRefusal(REQUESTER, r('accepted, picked up'))).toBeNull();
    expect(confirmReceiptRefusal('h2', r('accepted, picked up'))).toBe('notRequester');
    expect(confirmReceiptRefusal(REQUESTER, r('pending'))).toBe('notAccepted');
    expect(pickUpRefusal(DELIVERER, r('accepted'))).toBeNull();
    expect(pickUpRefusal(DELIVERER, r('accepted, picked up'))).toBe('alreadyPickedUp');
    expect(pickUpRefusal(REQUESTER, r('accepted'))).toBe('notDeliverer');
    expect(pickUpRefusal('d2', r('accepted'))).toBe('notDeliverer');
    expect(pickUpRefusal(DELIVERER, r('completed'))).toBe('completed');
  });

  it('on the way: the deliverer alone, after picking it up, as often as the estimate changes', () => {
    expect(onTheWayRefusal(DELIVERER, r('accepted'))).toBe('notPickedUp');
    expect(onTheWayRefusal(DELIVERER, r('accepted, picked up'))).toBeNull();
    expect(onTheWayRefusal(REQUESTER, r('accepted, picked up'))).toBe('notDeliverer');
    expect(onTheWayRefusal('d2', r('accepted, picked up'))).toBe('notDeliverer');
    expect(onTheWayRefusal('d2', r('pending'))).toBe('notDeliverer');
    expect(onTheWayRefusal(DELIVERER, r('completed'))).toBe('completed');
    expect(onTheWayRefusal(DELIVERER, r('cancelled while accepted'))).toBe('cancelled');
  });

  it('a locked handover code leaves the deliverer no completion; the requester still confirms receipt', () => {
    // Typing the codes marked it picked up.
    const locked = {
      ...r('accepted, picked up'),
      handoverRequired: true,
      handoverAttempts: HANDOVER_CODE.maxAttempts,
    };
    expect(isHandoverLocked(locked)).toBe(true);
    expect(requestCan(viewers.deliverer!, locked, NOW, false)).toEqual(
      only(['cancelDelivery', 'onTheWay', 'chat', 'report']),
    );
    expect(requestCan(viewers.requester!, locked, NOW, false).confirmReceipt).toBe(true);
    const oneLeft = { ...locked, handoverAttempts: HANDOVER_CODE.maxAttempts - 1 };
    expect(requestCan(viewers.deliverer!, oneLeft, NOW, false).complete).toBe(true);
  });

  it('the cap on active deliveries is its own rule', () => {
    expect(loadRefusal({ active: 2, max: 3 })).toBeNull();
    expect(loadRefusal({ active: 3, max: 3 })).toBe('tooManyActive');
  });

  it.each([
    ['pending, deadline passed', REQUESTER, null],
    ['pending', REQUESTER, 'notExpired'],
    ['accepted, deadline passed', REQUESTER, 'taken'],
    ['completed', REQUESTER, 'completed'],
    ['cancelled while pending', REQUESTER, 'cancelled'],
    ['pending, deadline passed', 'h2', 'notRequester'],
  ] as const)('repost of a %s request by %s: %s', (state, actor, reason) => {
    expect(repostRefusal(actor, r(state), NOW)).toBe(reason);
  });

  it('expired means pending with its deadline passed, and nothing else', () => {
    expect(isExpired(r('pending, deadline passed'), NOW)).toBe(true);
    expect(isExpired(r('pending'), NOW)).toBe(false);
    expect(isExpired(r('accepted, deadline passed'), NOW)).toBe(false);
    expect(isExpired({ status: 'pending', deadline: NOW }, NOW)).toBe(true);
  });
});
