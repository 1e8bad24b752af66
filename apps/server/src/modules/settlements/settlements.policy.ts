import {
  SETTLEMENT_LIMITS,
  type DisputeOutcome,
  type DisputeRefusal,
  type SettlementCan,
  type SettlementReason,
  type SettlementState,
} from '@campusrun/shared';

/**
 * Every rule about who may do what with a settlement or a dispute. Pure: no I/O. The service refuses
 * with these, and the presenter turns them into the `can` of each settlement it sends.
 */

/** What the rules need to know of a settlement, as of one moment. */
export interface SettlementFacts {
  payerId: string;
  payeeId: string;
  state: SettlementState;
  /** When the request was completed or the product sold (the dispute window starts then). */
  finishedAt: Date | null;
  /** A dispute about the same request or sale is open. */
  disputeOpen: boolean;
}

/** Not one of the two parties: the settlement does not exist for them (404). */
export type Refusal = SettlementReason | 'notParty';

export const isParty = (userId: string, s: Pick<SettlementFacts, 'payerId' | 'payeeId'>) =>
  userId === s.payerId || userId === s.payeeId;

/** Why a state refuses a move it does not allow (settled and disputed are final until a moderator). */
function stateRefusal(state: SettlementState): SettlementReason | null {
  if (state === 'settled') return 'alreadySettled';
  if (state === 'disputed') return 'disputed';
  return null;
}

/** The payer says they paid: open → paid. */
export function payRefusal(userId: string, s: SettlementFacts): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payerId) return 'notPayer';
  return stateRefusal(s.state) ?? (s.state === 'open' ? null : 'notOpen');
}

/** The payee confirms they received it: open or paid → settled. */
export function receiveRefusal(userId: string, s: SettlementFacts): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payeeId) return 'notPayee';
  return stateRefusal(s.state);
}

/** The payee says it never arrived: paid → disputed. */
export function notReceiveRefusal(userId: string, s: SettlementFacts): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payeeId) return 'notPayee';
  return stateRefusal(s.state) ?? (s.state === 'paid' ? null : 'notPaid');
}

/** What the dispute rules need to know of a request or sale. */
export interface DisputeTarget {
  /** The two parties (the payer and the payee); null when there is none (not accepted, not sold to anyone). */
  payerId: string | null;
  payeeId: string | null;
  /** Completed (the request) or sold to a named buyer (the product). */
  finished: boolean;
  finishedAt: Date | null;
  disputeOpen: boolean;
}

const WINDOW_MS = SETTLEMENT_LIMITS.disputeWindowHours * 3600_000;

/** Whether the dispute window of something finished at `finishedAt` is still open at `now`. */
export const withinWindow = (finishedAt: Date | null, now: Date) =>
  finishedAt !== null && now.getTime() - finishedAt.getTime() <= WINDOW_MS;

/**
 * Either party opens a dispute about a completed request or a sale to a named buyer, within the
 * window, while none about it is open.
 */
export function disputeRefusal(userId: string, t: DisputeTarget, now: Date): DisputeRefusal | null {
  if (userId !== t.payerId && userId !== t.payeeId) return 'notParty';
  if (!t.finished || t.payerId === null || t.payeeId === null) return 'notFinished';
  if (!withinWindow(t.finishedAt, now)) return 'windowClosed';
  return t.disputeOpen ? 'alreadyOpen' : null;
}

/** What the viewer may do with the settlement now, for the client's buttons. */
export function settlementCan(userId: string, s: SettlementFacts, now: Date): SettlementCan {
  return {
    pay: payRefusal(userId, s) === null,
    receive: receiveRefusal(userId, s) === null,
    notReceive: notReceiveRefusal(userId, s) === null,
    dispute:
      disputeRefusal(
        userId,
        { ...s, finished: s.finishedAt !== null, disputeOpen: s.disputeOpen || s.state === 'disputed' },
        now,
      ) === null,
  };
}

/**
 * Where a decided dispute leaves its settlement: settled when nothing more is owed, open again for
 * the full (favour_payee) or half (split, rounded down to the paisa) amount, or settled anyway when
 * it had been settled before the dispute.
 */
export function afterOutcome(
  outcome: DisputeOutcome,
  s: { amount: number; wasSettled: boolean },
): { state: 'open' | 'settled'; amount: number } {
  switch (outcome) {
    case 'favour_payer':
    case 'no_fault':
      return { state: 'settled', amount: s.amount };
    case 'favour_payee':
      return { state: s.wasSettled ? 'settled' : 'open', amount: s.amount };
    case 'split':
      return { state: s.wasSettled ? 'settled' : 'open', amount: Math.floor(s.amount / 2) };
  }
}

/** Who lost a decided dispute: the payee when the payer was favoured, and the other way round. */
export function loserOf(outcome: DisputeOutcome): 'payer' | 'payee' | null {
  if (outcome === 'favour_payer') return 'payee';
  if (outcome === 'favour_payee') return 'payer';
  return null;
}
