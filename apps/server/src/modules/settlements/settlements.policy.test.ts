import { describe, expect, it } from 'vitest';
import {
  afterOutcome,
  afterWithdrawal,
  disputeRefusal,
  loserOf,
  notReceiveRefusal,
  payRefusal,
  receiveRefusal,
  remindRefusal,
  resolveRefusal,
  setTipRefusal,
  settlementCan,
  statementRefusal,
  tipDue,
  tipRefusal,
  withdrawRefusal,
  outcomeEffects,
  type DisputeFacts,
  type SettlementFacts,
} from './settlements.policy';

const PAYER = 'payer';
const PAYEE = 'payee';
const STRANGER = 'stranger';
const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
const facts = (state: SettlementFacts['state'], finishedAt: Date | null = hoursAgo(1)): SettlementFacts => ({
  kind: 'request',
  payerId: PAYER,
  payeeId: PAYEE,
  state,
  finishedAt,
  disputeOpen: state === 'disputed',
  disputedBy: [],
  extraClaim: null,
  payeeActed: true,
  remindedAt: null,
});

describe('transitions × role × state', () => {
  it.each([
    // who, state, pay, receive, notReceive
    [PAYER, 'open', null, 'notPayee', 'notPayee'],
    [PAYER, 'paid', 'notOpen', 'notPayee', 'notPayee'],
    [PAYER, 'settled', 'alreadySettled', 'notPayee', 'notPayee'],
    [PAYER, 'disputed', 'disputed', 'notPayee', 'notPayee'],
    [PAYEE, 'open', 'notPayer', null, 'notPaid'],
    [PAYEE, 'paid', 'notPayer', null, null],
    [PAYEE, 'settled', 'notPayer', 'alreadySettled', 'alreadySettled'],
    [PAYEE, 'disputed', 'notPayer', 'disputed', 'disputed'],
    [STRANGER, 'open', 'notParty', 'notParty', 'notParty'],
    [PAYER, 'proposed', 'proposed', 'notPayee', 'notPayee'],
    [PAYEE, 'proposed', 'notPayer', 'proposed', 'proposed'],
    [PAYER, 'void', 'voided', 'notPayee', 'notPayee'],
    [PAYEE, 'void', 'notPayer', 'voided', 'voided'],
  ] as const)('%s on %s', (who, state, pay, receive, notReceive) => {
    const s = facts(state);
    expect(payRefusal(who, s)).toBe(pay);
    expect(receiveRefusal(who, s)).toBe(receive);
    expect(notReceiveRefusal(who, s)).toBe(notReceive);
    const can = settlementCan(who, s, now);
    expect([can.pay, can.receive, can.notReceive]).toEqual([
      pay === null,
      receive === null,
      notReceive === null,
    ]);
  });
});

describe("the payee's reminder", () => {
  it.each([
    // who, state, remind
    [PAYEE, 'open', null],
    [PAYEE, 'paid', 'notOpen'],
    [PAYEE, 'settled', 'alreadySettled'],
    [PAYEE, 'disputed', 'disputed'],
    [PAYEE, 'proposed', 'proposed'],
    [PAYEE, 'void', 'voided'],
    [PAYER, 'open', 'notPayee'],
    [PAYER, 'paid', 'notPayee'],
    [STRANGER, 'open', 'notParty'],
  ] as const)('%s on %s', (who, state, remind) => {
    const s = facts(state);
    expect(remindRefusal(who, s, now)).toBe(remind);
    expect(settlementCan(who, s, now).remind).toBe(remind === null);
  });

  it('at most once in 24 hours, counting the reminder that went out by itself', () => {
    const at = (h: number) => ({ ...facts('open'), remindedAt: hoursAgo(h) });
    expect(remindRefusal(PAYEE, at(1), now)).toBe('remindedRecently');
    expect(remindRefusal(PAYEE, at(23.9), now)).toBe('remindedRecently');
    expect(settlementCan(PAYEE, at(23.9), now).remind).toBe(false);
    expect(remindRefusal(PAYEE, at(24), now)).toBeNull();
    expect(settlementCan(PAYEE, at(30), now).remind).toBe(true);
    // The payer is refused as the payer, whenever they were reminded.
    expect(remindRefusal(PAYER, at(1), now)).toBe('notPayee');
  });

  it('a receipt above the estimate waiting does not stop the payee reminding', () => {
    expect(remindRefusal(PAYEE, { ...facts('open'), extraClaim: 5000 }, now)).toBeNull();
  });
});

describe('disputes', () => {
  const target = (over: Partial<Parameters<typeof disputeRefusal>[1]> = {}) => ({
    payerId: PAYER,
    payeeId: PAYEE,
    finished: true,
    finishedAt: hoursAgo(47),
    disputeOpen: false,
    disputedBy: [] as string[],
    ...over,
  });
  it('either party within 48 hours, one open at a time', () => {
    expect(disputeRefusal(PAYER, target(), now)).toBeNull();
    expect(disputeRefusal(PAYEE, target(), now)).toBeNull();
    expect(disputeRefusal(STRANGER, target(), now)).toBe('notParty');
    expect(disputeRefusal(PAYER, target({ finished: false, finishedAt: null }), now)).toBe('notFinished');
    expect(disputeRefusal(PAYER, target({ finishedAt: hoursAgo(49) }), now)).toBe('windowClosed');
    expect(disputeRefusal(PAYER, target({ disputeOpen: true }), now)).toBe('alreadyOpen');
    expect(settlementCan(PAYER, facts('open', hoursAgo(49)), now).dispute).toBe(false);
    expect(settlementCan(PAYER, facts('disputed'), now).dispute).toBe(false);
    expect(settlementCan(STRANGER, facts('open'), now).dispute).toBe(false);
  });

  it.each([
    ['favour_payer', false, 'settled', 1001, 'payee'],
    ['no_fault', false, 'settled', 1001, null],
    ['favour_payee', false, 'open', 1001, 'payer'],
    ['favour_payee', true, 'settled', 1001, 'payer'],
    ['split', false, 'open', 500, null],
    ['split', true, 'settled', 500, null],
  ] as const)(
    '%s (settled before: %s) leaves it %s for %i paise; loser %s',
    (outcome, wasSettled, state, amount, loser) => {
      expect(
        afterOutcome(outcome, { amount: 1001, originalAmount: 1001, extraClaim: null, wasSettled }),
      ).toMatchObject({ state, amount });
      expect(loserOf(outcome)).toBe(loser);
    },
  );
});

describe('the money rules', () => {
  it("finding 2: a proposed sale is the buyer's to confirm; until then nothing can be paid or disputed", () => {
    const s = facts('proposed');
    expect(settlementCan(PAYER, s, now)).toMatchObject({
      confirm: true,
      decline: true,
      pay: false,
      dispute: false,
    });
    expect(settlementCan(PAYEE, s, now)).toMatchObject({
      confirm: false,
      decline: false,
      receive: false,
      dispute: false,
    });
  });

  it('finding 1: nothing of a request the deliverer never picked up can be disputed', () => {
    expect(settlementCan(PAYER, { ...facts('open'), payeeActed: false }, now).dispute).toBe(false);
    expect(settlementCan(PAYEE, { ...facts('open'), payeeActed: false }, now).dispute).toBe(false);
  });

  it('finding 3: a receipt above the estimate waits for the requester before anything is paid', () => {
    const s = { ...facts('open'), extraClaim: 5000 };
    expect(payRefusal(PAYER, s)).toBe('costPending');
    expect(settlementCan(PAYER, s, now)).toMatchObject({ acceptCost: true, pay: false, dispute: true });
    expect(settlementCan(PAYEE, s, now).acceptCost).toBe(false);
  });

  it('finding 4: a moderator never decides a dispute they pay, are paid in, or opened', () => {
    const d = { payerId: PAYER, payeeId: PAYEE, openedBy: 'opener' };
    expect(resolveRefusal(PAYER, d)).toBe('own');
    expect(resolveRefusal(PAYEE, d)).toBe('own');
    expect(resolveRefusal('opener', d)).toBe('own');
    expect(resolveRefusal(STRANGER, d)).toBeNull();
  });

  it('finding 8: one dispute per party, and a split is half the original amount however often decided', () => {
    const target = {
      payerId: PAYER,
      payeeId: PAYEE,
      finished: true,
      finishedAt: hoursAgo(1),
      disputeOpen: false,
      disputedBy: [PAYER],
    };
    expect(disputeRefusal(PAYER, target, now)).toBe('alreadyDisputed');
    expect(disputeRefusal(PAYEE, target, now)).toBeNull();
    const first = afterOutcome('split', {
      amount: 5000,
      originalAmount: 5000,
      extraClaim: null,
      wasSettled: false,
    });
    const second = afterOutcome('split', { ...first, extraClaim: null, wasSettled: false });
    expect([first.amount, second.amount]).toEqual([2500, 2500]);
  });
});

describe("an open dispute's two sides", () => {
  const dispute = (status: DisputeFacts['status'], openedBy = PAYEE): DisputeFacts => ({
    status,
    openedBy,
    payerId: PAYER,
    payeeId: PAYEE,
  });

  it.each([
    // who, status, statement, withdraw (the payee opened it)
    [PAYEE, 'open', null, null],
    [PAYER, 'open', null, 'notOpener'],
    [STRANGER, 'open', 'notParty', 'notParty'],
    [PAYEE, 'resolved', 'closed', 'closed'],
    [PAYER, 'resolved', 'closed', 'notOpener'],
    [PAYEE, 'withdrawn', 'closed', 'closed'],
    [STRANGER, 'withdrawn', 'notParty', 'notParty'],
  ] as const)('%s, %s: statement %s, withdraw %s', (who, status, statement, withdraw) => {
    expect(statementRefusal(who, dispute(status))).toBe(statement);
    expect(withdrawRefusal(who, dispute(status))).toBe(withdraw);
  });

  it('nobody acts on a dispute without a settlement (no two sides to act for)', () => {
    const orphan = { ...dispute('open'), payerId: null, payeeId: null };
    expect(statementRefusal(PAYEE, orphan)).toBe('notParty');
    expect(withdrawRefusal(PAYEE, orphan)).toBe('notParty');
  });

  it.each([
    // state kept when it opened, settled at, paid at → back to
    ['open', null, null, 'open'],
    ['paid', null, hoursAgo(2), 'paid'],
    ['settled', hoursAgo(1), hoursAgo(2), 'settled'],
    // Opened before the state was kept: read from the settlement.
    [null, hoursAgo(1), null, 'settled'],
    [null, null, hoursAgo(2), 'paid'],
    [null, null, null, 'open'],
  ] as const)(
    'withdrawn when it was %s (settled %s, paid %s) → %s',
    (stateBefore, settledAt, paidAt, back) => {
      expect(afterWithdrawal({ stateBefore, settledAt, paidAt })).toBe(back);
    },
  );

  it("each outcome's effect is afterOutcome's, for the moderator's confirmation", () => {
    const s = { amount: 20201, originalAmount: 20201, extraClaim: 1000, wasSettled: false };
    expect(outcomeEffects(s)).toEqual({
      favour_payer: { state: 'settled', amount: 20201, originalAmount: 20201 },
      favour_payee: { state: 'open', amount: 21201, originalAmount: 21201 },
      split: { state: 'open', amount: 10100, originalAmount: 20201 },
      no_fault: { state: 'settled', amount: 20201, originalAmount: 20201 },
    });
  });
});

describe("the payer's tip", () => {
  it.each([
    // who, state, kind, refusal
    [PAYER, 'open', 'request', null],
    [PAYER, 'paid', 'request', null],
    [PAYER, 'settled', 'request', 'alreadySettled'],
    [PAYER, 'disputed', 'request', 'disputed'],
    [PAYER, 'open', 'sale', 'saleNoTip'],
    [PAYEE, 'open', 'request', 'notPayer'],
    [STRANGER, 'open', 'request', 'notParty'],
  ] as const)('%s on %s %s', (who, state, kind, refusal) => {
    const s = { ...facts(state), kind };
    expect(tipRefusal(who, s)).toBe(refusal);
    expect(settlementCan(who, s, now).tip).toBe(refusal === null);
  });
});

describe('a tip once marked paid', () => {
  it.each([
    // state, tip, tip paid, refusal, still due
    ['open', 0, 2000, null, 0],
    ['paid', 5000, 2000, null, 3000],
    ['paid', 2000, 2000, null, 0],
    ['paid', 1000, 2000, 'tipAlreadyPaid', 0],
    ['paid', 0, 2000, 'tipAlreadyPaid', 0],
    ['settled', 5000, 2000, 'alreadySettled', 0],
    ['disputed', 5000, 2000, 'disputed', 0],
  ] as const)('%s: a tip of %i paise over %i paid', (state, tip, tipPaid, refusal, due) => {
    expect(setTipRefusal(PAYER, facts(state), tip, tipPaid)).toBe(refusal);
    // What is due is of the tip as it stands (a refused one never lands).
    if (refusal === null) expect(tipDue({ state, tip, tipPaid })).toBe(due);
  });
});
