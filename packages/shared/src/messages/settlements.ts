import {
  DISPUTE_STATUSES,
  type DisputeOutcome,
  type DisputeReason,
  type PaymentMethod,
  type SettlementState,
} from '../constants';

/** Settling up after a completed request or a sale, disputes, and the reliability record. */
export const SETTLEMENT_LIMITS = {
  /** The payer of a settlement still open this long after it opened is reminded once. */
  reminderHours: 24,
  /** Either party may open a dispute this long after the completion or the sale. */
  disputeWindowHours: 48,
  /** A settlement open longer than this counts against its payer's reliability record. */
  overdueDays: 7,
  /** The payee of a settlement marked paid and not answered this long is reminded once. */
  payeeReminderHours: 24,
  /**
   * The payer is reminded at most once in this long, whether the payee pressed Remind or the day's
   * reminder went out by itself.
   */
  remindEveryHours: 24,
  /** A settlement marked paid that its payee never answers settles by itself this long after. */
  autoSettleDays: 7,
  upiIdMax: 100,
  disputeDetailsMax: 1000,
  outcomeNoteMax: 500,
  /** The last messages between the two parties a moderator sees as evidence. */
  evidenceMessages: 50,
  /** Photos with one side's statement in a dispute (a UPI screenshot, the damaged item). */
  statementPhotosMax: 3,
  /** Each of them, as sent (chat photos have the same limit). */
  statementPhotoMaxBytes: 5 * 1024 * 1024,
  /** The most a payer may tip on a delivery's settlement, in whole rupees (₹0 takes it back). */
  tipMax: 500,
  /** The tips one tap away on the payer's card, in rupees. */
  tipQuickPicks: [10, 20, 50],
  /** Weeks of earnings and spending on Money, this one included. */
  moneyWeeks: 12,
} as const;

/**
 * What becomes of a dispute: open until a moderator decides it (resolved), or until the one who
 * opened it withdraws it.
 */
export const DISPUTE_STATES = [...DISPUTE_STATUSES, 'withdrawn'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

export const SETTLEMENT_MESSAGES = {
  notFound: 'Settlement not found',
  methodInvalid: 'Please choose UPI or cash',
  notPayer: 'Only the person who owes this can mark it paid',
  notPayee: 'Only the person being paid can confirm this',
  notOpen: 'This has already been marked paid',
  alreadySettled: 'This is already settled',
  notPaid: 'You can say it was not received only after it was marked paid',
  disputed: 'This is under dispute; a moderator will decide',
  proposed: 'The buyer has not confirmed this sale yet',
  notProposed: 'This sale is no longer waiting for your answer',
  voided: 'This sale was called off',
  costPending: 'Accept or dispute the item cost first',
  noCostClaim: 'There is no item cost to accept',
  alreadyDisputed: 'You have already disputed this; each side may dispute it once',
  remindedRecently: 'You can remind them again tomorrow.',
  confirmed: 'Sale confirmed',
  declined: 'Thanks, the seller has been told',
  costAccepted: 'Item cost accepted',
  markedPaid: 'Marked as paid',
  markedReceived: 'Marked as received',
  markedNotReceived: 'A moderator will look into it',
  /** The payee's Remind went out: "Reminder sent to Meera". */
  reminderSent: (payerFirstName: string) => `Reminder sent to ${payerFirstName}`,
  /** To a payee owed money who has no UPI ID: "Add your UPI ID so Ravi can pay you in one tap." */
  addUpiId: (payers: string) => `Add your UPI ID so ${payers} can pay you in one tap.`,
  upiIdInvalid: 'Please enter a valid UPI ID, like name@bank',
  upiIdTooLong: `UPI ID must be at most ${SETTLEMENT_LIMITS.upiIdMax} characters`,
  /** A tip out of bounds or with paise: one message for every way it is wrong. */
  tipInvalid: `Tip must be between ₹0 and ₹${SETTLEMENT_LIMITS.tipMax}, in whole rupees`,
  /** Refusals of a tip (with the reasons notPayer, alreadySettled, disputed, saleNoTip, tipAlreadyPaid). */
  tipNotPayer: 'Only the person who owes this can add a tip',
  tipSettled: 'This is already settled, so the tip can no longer change',
  saleNoTip: 'Tips are only for deliveries',
  tipAlreadyPaid: 'You already paid part of this tip, so it can only go up',
  tipSaved: (tip: string) => `Tip of ${tip} added`,
  tipRemoved: 'Tip removed',
} as const;

/** The payer's tip on a delivery's card, and the rows of what the money is made of. */
export const TIP_WORDS = {
  legend: (payee: string) => `Add a tip for ${payee} (optional)`,
  /** Under the legend, with the tip now (formatted) or null without one. */
  hint: (tip: string | null) =>
    `Your own choice, on top of what you owe: ${tip ? `${tip} now` : 'none yet'}.`,
  quickPick: (amount: string) => `Tip ${amount}`,
  other: 'Other amount',
  set: 'Set tip',
  failed: 'Failed to save the tip',
  fee: 'Fee',
  items: (from: 'receipt' | 'estimate') => `Items (${from})`,
  afterDispute: 'After the dispute',
  tip: 'Tip',
  total: 'Total with tip',
  /** Under the legend once marked paid, with the tip that payment covered (formatted) or null. */
  paidHint: (paid: string | null) =>
    paid
      ? `Your payment covered a ${paid} tip. You can add to it; what you add is paid apart.`
      : 'You marked it paid. A tip you add now is paid apart.',
  /** The payer's link to pay the tip added after marking it paid: "Pay the ₹30 tip". */
  payDue: (tip: string) => `Pay the ${tip} tip`,
  /** Beside it: who confirms it. */
  dueHint: (payee: string) => `Added after you marked it paid. ${payee} confirms it with the rest.`,
  /** The payer's line when the payee has no UPI ID. */
  dueCash: (payee: string, tip: string) =>
    `You added a ${tip} tip after marking it paid. ${payee} has not added a UPI ID: give it to them in cash.`,
  /** The payee's line: "Meera added a ₹30 tip after marking it paid: Received confirms it too." */
  dueForPayee: (payer: string, tip: string) =>
    `${payer} added a ${tip} tip after marking it paid: Received confirms it too.`,
  /** The QR code's name for the tip alone. */
  dueQr: (tip: string) => `QR code to pay the ${tip} tip by UPI`,
} as const;

/** The weekly chart of what a member earned (fees and tips) or spent (fees, items and tips) on Money. */
export const MONEY_CHART_WORDS = {
  earnedTitle: 'Your earnings',
  earnedHint: 'Fees and tips of the deliveries you completed, week by week (from Monday).',
  spentTitle: 'What you spent',
  spentHint: 'Fees, items and tips of your completed requests, week by week (from Monday).',
  thisWeek: 'This week',
  thisMonth: 'This month',
  allTime: 'All time',
  fees: 'Fees',
  items: 'Items',
  tips: 'Tips',
  total: 'Total',
  week: 'Week',
  failed: 'Failed to load your earnings',
  /** The chart's bars as a list: "Earnings by week". */
  barsLabel: (title: string) => `${title} by week`,
  /** A bar's name: "Week of 23 Nov: ₹240 fees, ₹20 tips" (parts already formatted). */
  bar: (week: string, parts: string[]) => `Week of ${week}: ${parts.join(', ')}`,
  part: (amount: string, what: string) => `${amount} ${what.toLowerCase()}`,
  weekHeading: (week: string) => `Week of ${week}`,
  noDeliveries: 'No deliveries completed that week.',
  delivery: (number: number, title: string) => `#${number} ${title}`,
} as const;

export const DISPUTE_MESSAGES = {
  targetTypeInvalid: 'Please choose a request or a sale',
  targetRequired: 'Please choose what the dispute is about',
  reasonInvalid: 'Please choose a reason',
  detailsRequired: 'Please describe what went wrong',
  detailsTooLong: `Details must be at most ${SETTLEMENT_LIMITS.disputeDetailsMax} characters`,
  notParty: 'Only the two people in this deal can open a dispute',
  targetNotFound: 'Not found',
  notFinished: 'A dispute can be opened only after the request is completed or the item is sold',
  windowClosed: `Disputes can be opened only within ${SETTLEMENT_LIMITS.disputeWindowHours} hours`,
  alreadyOpen: 'There is already an open dispute about this',
  alreadyDisputed: 'You have already disputed this; each side may dispute it once',
  own: 'You cannot decide a dispute you are part of',
  opened: 'Dispute opened. A moderator will look into it.',
  notFound: 'Dispute not found',
  outcomeInvalid: 'Please choose an outcome',
  noteRequired: 'Please add a note for both sides',
  noteTooLong: `Note must be at most ${SETTLEMENT_LIMITS.outcomeNoteMax} characters`,
  alreadyResolved: 'This dispute has already been decided',
  alreadyWithdrawn: 'This dispute was withdrawn',
  resolved: 'Dispute decided',
  statementRequired: 'Please write your side',
  statementTooLong: `Your side must be at most ${SETTLEMENT_LIMITS.disputeDetailsMax} characters`,
  photosTooMany: `You can add at most ${SETTLEMENT_LIMITS.statementPhotosMax} photos`,
  photoTooLarge: 'Photos can be at most 5 MB',
  photoGone: 'One of your photos is no longer there. Reload and try again',
  statementSaved: 'Your side has been saved',
  notOpener: 'Only the person who opened this dispute can withdraw it',
  withdrawn: 'Dispute withdrawn',
} as const;

export const SETTLEMENT_STATE_LABELS: Record<SettlementState, string> = {
  proposed: 'Waiting for the buyer to confirm',
  open: 'Not paid yet',
  paid: 'Paid, waiting for confirmation',
  settled: 'Settled',
  disputed: 'Disputed',
  void: 'Called off',
};

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_received: 'Money not received',
  not_as_described: 'Not as described',
  not_paid: 'Not paid',
  damaged: 'Damaged',
  other: 'Something else',
};

export const DISPUTE_STATE_LABELS: Record<DisputeState, string> = {
  open: 'Open',
  resolved: 'Decided',
  withdrawn: 'Withdrawn',
};

export const DISPUTE_OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  favour_payer: 'In favour of the payer (nothing more is owed)',
  favour_payee: 'In favour of the payee (the full amount is owed)',
  split: 'Split (half the original amount is owed)',
  no_fault: 'No fault (nothing more is owed)',
};

/**
 * What a request's money is made of, amounts already formatted: "Items ₹172 (receipt) + Delivery fee
 * ₹30 = ₹202", or "Delivery fee ₹30" when no items were bought.
 */
export const amountBreakdown = (b: {
  items: string | null;
  itemsFrom: 'receipt' | 'estimate' | null;
  fee: string;
  total: string;
}) =>
  b.items === null
    ? `Delivery fee ${b.fee}`
    : `Items ${b.items} (${b.itemsFrom ?? 'estimate'}) + Delivery fee ${b.fee} = ${b.total}`;

/**
 * A decided dispute in plain words, amounts already formatted: "Decided for Asha: paid in cash",
 * "Decided for Ravi: ₹202 is owed", "Split: ₹101 is owed", "No fault: nothing more is owed". `amount`
 * is what is owed after the decision; `settled` says it is settled by now (or was before).
 */
export function disputeOutcomeWords(d: {
  outcome: DisputeOutcome;
  payer: string;
  payee: string;
  amount: string;
  method: PaymentMethod | null;
  settled: boolean;
}): string {
  const owed = d.settled ? `${d.amount}, settled` : `${d.amount} is owed`;
  switch (d.outcome) {
    case 'favour_payer':
      return `Decided for ${d.payer}: ${
        d.method === 'cash' ? 'paid in cash' : d.method === 'upi' ? 'paid by UPI' : 'nothing more is owed'
      }`;
    case 'favour_payee':
      return `Decided for ${d.payee}: ${owed}`;
    case 'split':
      return `Split: ${owed}`;
    case 'no_fault':
      return 'No fault: nothing more is owed';
  }
}

const notReceived = (payee: string, title: string, amount: string) =>
  `${payee} says ${amount} for ${title} did not arrive`;

/**
 * What each side of a settlement is told when the other acts, or the clock does (amounts already
 * formatted, e.g. "₹120").
 */
export const SETTLEMENT_NOTICES = {
  /** A request's amount inside a notice: "₹202 (items ₹172 + delivery fee ₹30)". */
  amountWithParts: (total: string, items: string, fee: string) =>
    `${total} (items ${items} + delivery fee ${fee})`,
  costClaimed: (payee: string, title: string, total: string, estimate: string) =>
    `${payee} says the items for ${title} cost ${total} (you estimated ${estimate}). Accept it or dispute it.`,
  saleProposed: (payee: string, title: string, amount: string) =>
    `${payee} says you bought ${title} for ${amount}. Confirm it, or say you didn't buy it.`,
  saleCalledOff: (payee: string, title: string) =>
    `${payee} called off the sale of ${title} to you. You owe nothing for it.`,
  saleConfirmed: (payer: string, title: string, amount: string) =>
    `${payer} confirmed buying ${title} for ${amount}`,
  saleDeclined: (payer: string, title: string) =>
    `${payer} says they did not buy ${title}. Nothing is owed for it.`,
  costAccepted: (payer: string, title: string, amount: string) =>
    `${payer} accepted the item cost for ${title}: ${amount} in all`,
  markedPaid: (payer: string, title: string, amount: string) =>
    `${payer} says they paid ${amount} for ${title}`,
  received: (payee: string, title: string, amount: string) =>
    `${payee} confirmed receiving ${amount} for ${title}`,
  /** The details of the dispute a payee opens by saying a payment did not arrive. */
  notReceived,
  /** What the payer is told of it. */
  notReceivedDisputed: (payee: string, title: string, amount: string) =>
    `${notReceived(payee, title, amount)}. A moderator will look into it.`,
  disputeOpened: (opener: string, title: string | undefined) =>
    `${opener} opened a dispute${title ? ` about ${title}` : ''}. A moderator will look into it.`,
  /** Both parties, of a decision: "A moderator decided the dispute about Milk. Split: ₹101 is owed. …". */
  disputeDecided: (title: string | undefined, outcome: string, note: string) =>
    `A moderator decided the dispute${title ? ` about ${title}` : ''}. ${outcome}. ${note}`,
  /** Every moderator who is not one of the two, of a new dispute. */
  disputeToDecide: (opener: string, title: string | undefined, reason: DisputeReason) =>
    `${opener} opened a dispute${title ? ` about ${title}` : ''}: ${DISPUTE_REASON_LABELS[reason]}. Decide it in Moderation, under Disputes.`,
  /** The other party, when one side writes or changes their statement. */
  statementGiven: (who: string, title: string | undefined) =>
    `${who} gave their side of the dispute${title ? ` about ${title}` : ''}.`,
  statementChanged: (who: string, title: string | undefined) =>
    `${who} changed their side of the dispute${title ? ` about ${title}` : ''}.`,
  /** The other party, when the opener withdraws the dispute. */
  disputeWithdrawn: (who: string, title: string | undefined) =>
    `${who} withdrew the dispute${title ? ` about ${title}` : ''}. Nothing was decided.`,
  /** The payee pressed Remind: what the payer is told. */
  remindedByPayee: (payee: string, amount: string, title: string) =>
    `${payee} reminds you: you owe them ${amount} for ${title}.`,
  /** The payer's reminder, a day after the settlement opened (notification and e-mail subject). */
  payerReminder: (payee: string, amount: string, title: string) =>
    `Reminder: you owe ${payee} ${amount} for ${title}`,
  payeeReminder: (payer: string, amount: string, title: string) =>
    `Reminder: ${payer} says they paid ${amount} for ${title}. Confirm you received it, or say it did not arrive.`,
  autoSettled: (amount: string, title: string) =>
    `${amount} for ${title} was settled automatically: it was marked paid ${SETTLEMENT_LIMITS.autoSettleDays} days ago and never answered.`,
} as const;
