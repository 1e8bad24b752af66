import type {
  Earnings,
  MoneySide,
  MoneyWeek,
  Settlement,
  SettlementCan,
  SettlementDispute,
  SettlementSummary,
} from '@campusrun/shared';
import { dayscholar, hosteller } from './fixtures';

let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

export function settlementCan(...allowed: (keyof SettlementCan)[]): SettlementCan {
  const none: SettlementCan = {
    confirm: false,
    decline: false,
    acceptCost: false,
    pay: false,
    receive: false,
    notReceive: false,
    dispute: false,
    remind: false,
    tip: false,
  };
  for (const action of allowed) none[action] = true;
  return none;
}

const payerRef = { id: hosteller.id, name: hosteller.name, avatar: null };
export const payeeRef = { id: dayscholar.id, name: dayscholar.name, avatar: null };

/** The exact UPI link the server builds for a request's settlement. */
export const upiUriFor = (amount: number, number: number, upiId = 'ravi@okaxis', name = dayscholar.name) =>
  `upi://pay?pa=${encodeURIComponent(upiId)}&pn=${encodeURIComponent(name)}&am=${encodeURIComponent(
    amount.toFixed(2),
  )}&cu=INR&tn=${encodeURIComponent(`CampusRun request #${number}`)}`;

/**
 * An open settlement of a completed request: the `hosteller` fixture (requester, payer) owes the
 * `dayscholar` fixture (deliverer, payee) ₹120, as the payer sees it (payee has a UPI ID).
 */
export function makeSettlement(overrides: Partial<Settlement> = {}): Settlement {
  const id = nextId('5e771e00');
  return {
    id,
    kind: 'request',
    thing: { id: nextId('9e900000'), title: 'Milk and bread', number: 12 },
    amount: 120,
    tip: 0,
    tipDue: null,
    payer: payerRef,
    payee: payeeRef,
    state: 'open',
    method: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: null,
    settledAt: null,
    upiUri: upiUriFor(120, 12),
    itemCost: null,
    breakdown: { items: 90, itemsFrom: 'receipt', fee: 30, total: 120 },
    settledAutomatically: false,
    dispute: null,
    disputes: [],
    can: settlementCan('pay', 'dispute'),
    ...overrides,
  };
}

/** A photo of a statement as the server links it (signed, served by the API). */
export const disputePhoto = (disputeId: string, name: string) => ({
  url: `/api/disputes/${disputeId}/photos/${name}?exp=1900000000&sig=abc`,
  thumbnailUrl: `/api/disputes/${disputeId}/photos/${name}-thumb?exp=1900000000&sig=abc`,
});

/**
 * An open dispute the payer (`hosteller`) opened about the settlement, with nothing from the payee
 * yet; as the payer sees it (they may change their side and withdraw it).
 */
export function makeDispute(overrides: Partial<SettlementDispute> = {}): SettlementDispute {
  const id = nextId('d15b07e0');
  return {
    id,
    targetType: 'request',
    targetId: nextId('9e900000'),
    reason: 'not_as_described',
    details: 'Two of the notebooks are torn',
    photos: [],
    reply: null,
    status: 'open',
    outcome: null,
    note: null,
    openedBy: payerRef,
    createdAt: '2026-11-21T09:00:00.000Z',
    resolvedAt: null,
    withdrawnAt: null,
    can: { statement: true, withdraw: true },
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<SettlementSummary> = {}): SettlementSummary {
  return { youOwe: 0, owedToYou: 0, byPerson: [], ...overrides };
}

/** Twelve campus weeks (Mondays) ending with the week of 23 Nov 2026, with nothing in them. */
export const moneyWeekStarts = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2026, 10, 23) - (11 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
);

/** One side of Money's chart: the given weeks (by start) over empty ones, and the totals. */
export function makeMoneySide(weeks: Partial<Record<string, Partial<MoneyWeek>>> = {}): MoneySide {
  const zero = { fees: 0, items: 0, tips: 0 };
  return {
    weeks: moneyWeekStarts.map((start) => ({ start, ...zero, deliveries: [], ...weeks[start] })),
    thisWeek: zero,
    thisMonth: zero,
    allTime: zero,
  };
}

export function makeEarnings(overrides: Partial<Earnings> = {}): Earnings {
  return { timeZone: 'Asia/Kolkata', earned: makeMoneySide(), spent: makeMoneySide(), ...overrides };
}
