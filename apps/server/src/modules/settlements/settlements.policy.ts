import {
  DISPUTE_OUTCOMES,
  SETTLEMENT_LIMITS,
  type DisputeOutcome,
  type DisputeRefusal,
  type DisputeState,
  type SettlementCan,
  type SettlementKind,
  type SettlementReason,
  type SettlementState,
} from '@campusrun/shared';

/**
 * Every rule about who may do what with a settlement or a dispute. Pure: no I/O. The service refuses
 * with these, and the presenter turns them into the `can` of each settlement it sends.
 */

/** What the rules need to know of a settlement, as of one moment. */
export interface SettlementFacts {
  /** A delivery's settlement (a request) or a sale's. */
  kind: SettlementKind;
  payerId: string;
  payeeId: string;
  state: SettlementState;
  /** When the request was completed or the buyer confirmed the sale (the dispute window starts then). */
  finishedAt: Date | null;
  /** A dispute about the same request or sale is open. */
  disputeOpen: boolean;
  /** Who has disputed this settlement before (each party may once). */
  disputedBy: string[];
  /** Paise of the deliverer's receipt above the estimate, waiting for the requester; null when none. */
  extraClaim: number | null;
  /** The payee has done their part: the deliverer picked the request up; always true of a sale. */
  payeeActed: boolean;
  /** When the payer was last reminded (by the payee, or by the day's reminder); null when never. */
  remindedAt: Date | null;
}

/** Not one of the two parties: the settlement does not exist for them (404). */
export type Refusal = SettlementReason | 'notParty';

export const isParty = (userId: string, s: Pick<SettlementFacts, 'payerId' | 'payeeId'>) =>
  userId === s.payerId || userId === s.payeeId;

/**
 * Why a state refuses a move it does not allow (settled and disputed are final until a moderator; a
 * proposed sale is the buyer's to answer first; a void one is over).
 */
function stateRefusal(state: SettlementState): SettlementReason | null {
  if (state === 'settled') return 'alreadySettled';
  if (state === 'disputed') return 'disputed';
  if (state === 'proposed') return 'proposed';
  if (state === 'void') return 'voided';
  return null;
}

/** The payer says they paid: open → paid, once any receipt above the estimate is answered. */
export function payRefusal(userId: string, s: SettlementFacts): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payerId) return 'notPayer';
  const refusal = stateRefusal(s.state) ?? (s.state === 'open' ? null : 'notOpen');
  return refusal ?? (s.extraClaim !== null ? 'costPending' : null);
}

/**
 * The payer of a delivery adds, changes or takes back their tip while it is open or paid: never on a
 * sale, never once settled (or while a moderator decides).
 */
export function tipRefusal(userId: string, s: SettlementFacts): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payerId) return 'notPayer';
  if (s.kind !== 'request') return 'saleNoTip';
  return stateRefusal(s.state);
}

/**
 * A tip of `tip` paise set now: as `tipRefusal` says, and once marked paid never below `tipPaid`, the
 * tip that payment covered (what was sent is not taken back).
 */
export function setTipRefusal(
  userId: string,
  s: SettlementFacts,
  tip: number,
  tipPaid: number,
): Refusal | null {
  return tipRefusal(userId, s) ?? (s.state === 'paid' && tip < tipPaid ? 'tipAlreadyPaid' : null);
}

/**
 * While it is marked paid, the part of the tip (paise) the payer added after that, which their payment
 * did not cover: still to pay, and confirmed with the rest by the payee's Received. 0 in any other
 * state (while open the whole tip goes with the payment). Nothing but the payer's own screen counts it.
 */
export const tipDue = (s: { state: SettlementState; tip: number; tipPaid: number }) =>
  s.state === 'paid' ? Math.max(s.tip - s.tipPaid, 0) : 0;

/** The payee confirms they received it: open or paid → settled. */
export function receiveRefusal(userId: string, s: SettlementFacts): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payeeId) return 'notPayee';
  return stateRefusal(s.state);
}

/** The buyer answers a proposed sale (confirms it, or says they did not buy it): proposed → open or void. */
export function answerSaleRefusal(userId: string, s: SettlementFacts): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payerId) return 'notPayer';
  if (s.state === 'void') return 'voided';
  return s.state === 'proposed' ? null : 'notProposed';
}

/** The requester accepts the deliverer's receipt above their estimate (while open). */
export function acceptCostRefusal(userId: string, s: SettlementFacts): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payerId) return 'notPayer';
  return stateRefusal(s.state) ?? (s.state === 'open' && s.extraClaim !== null ? null : 'noCostClaim');
}

/** The payee says it never arrived: paid → disputed. */
export function notReceiveRefusal(userId: string, s: SettlementFacts): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payeeId) return 'notPayee';
  const refusal = stateRefusal(s.state) ?? (s.state === 'paid' ? null : 'notPaid');
  return refusal ?? (s.disputedBy.includes(userId) ? 'alreadyDisputed' : null);
}

const REMIND_EVERY_MS = SETTLEMENT_LIMITS.remindEveryHours * 3600_000;

/**
 * The payee reminds the payer of a settlement still open (not yet marked paid), at most once a day:
 * a reminder the day's sweep sent counts too, so the payer is never reminded twice in a day.
 */
export function remindRefusal(userId: string, s: SettlementFacts, now: Date): Refusal | null {
  if (!isParty(userId, s)) return 'notParty';
  if (userId !== s.payeeId) return 'notPayee';
  const refusal = stateRefusal(s.state) ?? (s.state === 'open' ? null : 'notOpen');
  if (refusal) return refusal;
  const recently = s.remindedAt !== null && now.getTime() - s.remindedAt.getTime() < REMIND_EVERY_MS;
  return recently ? 'remindedRecently' : null;
}

/** What the dispute rules need to know of a request or sale: its settlement. */
export interface DisputeTarget {
  /** The settlement's two parties (the payer and the payee); null when there is none. */
  payerId: string | null;
  payeeId: string | null;
  /**
   * A debt both made: the request completed after its deliverer picked it up, or the sale confirmed
   * by its buyer (not proposed, not void).
   */
  finished: boolean;
  finishedAt: Date | null;
  disputeOpen: boolean;
  /** Who has disputed this settlement before. */
  disputedBy: string[];
}

const WINDOW_MS = SETTLEMENT_LIMITS.disputeWindowHours * 3600_000;

/** Whether the dispute window of something finished at `finishedAt` is still open at `now`. */
const withinWindow = (finishedAt: Date | null, now: Date) =>
  finishedAt !== null && now.getTime() - finishedAt.getTime() <= WINDOW_MS;

/**
 * Either party opens a dispute about a completed request or a confirmed sale, within the window,
 * while none about it is open, once each.
 */
export function disputeRefusal(userId: string, t: DisputeTarget, now: Date): DisputeRefusal | null {
  if (userId !== t.payerId && userId !== t.payeeId) return 'notParty';
  if (!t.finished || t.payerId === null || t.payeeId === null) return 'notFinished';
  if (!withinWindow(t.finishedAt, now)) return 'windowClosed';
  if (t.disputedBy.includes(userId)) return 'alreadyDisputed';
  return t.disputeOpen ? 'alreadyOpen' : null;
}

/** A moderator decides a dispute only when they are neither of its parties nor the one who opened it. */
export const resolveRefusal = (
  moderatorId: string,
  d: { payerId: string | null; payeeId: string | null; openedBy: string },
): DisputeRefusal | null => ([d.payerId, d.payeeId, d.openedBy].includes(moderatorId) ? 'own' : null);

/** What the rules of an open dispute's two sides need to know of it. */
export interface DisputeFacts {
  status: DisputeState;
  openedBy: string;
  /** Its settlement's parties; null when it has none (older disputes). */
  payerId: string | null;
  payeeId: string | null;
}

/**
 * Why someone may not act on a dispute: not one of its two parties (it does not exist for them),
 * not the one who opened it (to withdraw it), or it is decided or withdrawn already.
 */
export type DisputeActRefusal = 'notParty' | 'notOpener' | 'closed';

const isDisputeParty = (userId: string, d: DisputeFacts) =>
  d.payerId !== null && d.payeeId !== null && (userId === d.payerId || userId === d.payeeId);

/** Either party writes or changes their own side while the dispute is open (moderators only read it). */
export function statementRefusal(userId: string, d: DisputeFacts): DisputeActRefusal | null {
  if (!isDisputeParty(userId, d)) return 'notParty';
  return d.status === 'open' ? null : 'closed';
}

/** Only the one who opened it withdraws it, while it is open. */
export function withdrawRefusal(userId: string, d: DisputeFacts): DisputeActRefusal | null {
  if (!isDisputeParty(userId, d)) return 'notParty';
  if (userId !== d.openedBy) return 'notOpener';
  return d.status === 'open' ? null : 'closed';
}

/**
 * Where a withdrawn dispute leaves its settlement: where it was when the dispute opened (open with
 * any receipt still waiting, paid, or settled). Disputes opened before that was kept: settled when
 * it had been settled, paid when it had been marked paid, else open.
 */
export function afterWithdrawal(s: {
  stateBefore: string | null;
  settledAt: Date | null;
  paidAt: Date | null;
}): 'open' | 'paid' | 'settled' {
  if (s.stateBefore === 'open' || s.stateBefore === 'paid' || s.stateBefore === 'settled')
    return s.stateBefore;
  if (s.settledAt) return 'settled';
  return s.paidAt ? 'paid' : 'open';
}

/** What the viewer may do with the settlement now, for the client's buttons. */
export function settlementCan(userId: string, s: SettlementFacts, now: Date): SettlementCan {
  const confirmed = s.state !== 'proposed' && s.state !== 'void';
  return {
    confirm: answerSaleRefusal(userId, s) === null,
    decline: answerSaleRefusal(userId, s) === null,
    acceptCost: acceptCostRefusal(userId, s) === null,
    pay: payRefusal(userId, s) === null,
    receive: receiveRefusal(userId, s) === null,
    notReceive: notReceiveRefusal(userId, s) === null,
    remind: remindRefusal(userId, s, now) === null,
    dispute:
      disputeRefusal(
        userId,
        {
          ...s,
          finished: confirmed && s.payeeActed && s.finishedAt !== null,
          disputeOpen: s.disputeOpen || s.state === 'disputed',
        },
        now,
      ) === null,
    tip: tipRefusal(userId, s) === null,
  };
}

/**
 * Where a decided dispute leaves its settlement: settled when nothing more is owed, open again for
 * the full amount (favour_payee: the original amount and any receipt above the estimate that was
 * waiting) or half the original amount (split, rounded down to the paisa, however often it is
 * decided), or settled anyway when it had been settled before the dispute.
 */
export function afterOutcome(
  outcome: DisputeOutcome,
  s: { amount: number; originalAmount: number; extraClaim: number | null; wasSettled: boolean },
): { state: 'open' | 'settled'; amount: number; originalAmount: number } {
  const full = s.originalAmount + (s.extraClaim ?? 0);
  switch (outcome) {
    case 'favour_payer':
    case 'no_fault':
      return { state: 'settled', amount: s.amount, originalAmount: s.originalAmount };
    case 'favour_payee':
      return { state: s.wasSettled ? 'settled' : 'open', amount: full, originalAmount: full };
    case 'split':
      return {
        state: s.wasSettled ? 'settled' : 'open',
        amount: Math.floor(s.originalAmount / 2),
        originalAmount: s.originalAmount,
      };
  }
}

/** What each outcome would do to a settlement, for the moderator's confirmation before deciding. */
export const outcomeEffects = (s: Parameters<typeof afterOutcome>[1]) =>
  Object.fromEntries(DISPUTE_OUTCOMES.map((o) => [o, afterOutcome(o, s)])) as Record<
    DisputeOutcome,
    ReturnType<typeof afterOutcome>
  >;

/** Who lost a decided dispute: the payee when the payer was favoured, and the other way round. */
export function loserOf(outcome: DisputeOutcome): 'payer' | 'payee' | null {
  if (outcome === 'favour_payer') return 'payee';
  if (outcome === 'favour_payee') return 'payer';
  return null;
}
