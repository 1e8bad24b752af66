import {
  SETTLEMENT_STATE_LABELS,
  amountBreakdown,
  disputeOutcomeWords,
  type Settlement,
  type UserRef,
} from '@campusrun/shared';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';

/**
 * Who owes whom, said from the viewer's side: "You owe Ravi ₹120" or "Asha owes you ₹120" ("owed"
 * once settled); of a sale its buyer has not confirmed, what the seller says ("Ravi says you bought
 * Desk lamp for ₹500") or whom it waits for; of a called-off one, that nothing is owed.
 */
export function owesLine(settlement: Settlement, viewerId: string | undefined): string {
  const amount = formatRupees(settlement.amount);
  const { payer, payee, thing } = settlement;
  if (settlement.state === 'proposed') {
    if (payer.id === viewerId) return `${payee.name} says you bought ${thing.title} for ${amount}`;
    return `Waiting for ${payer.name} to confirm`;
  }
  if (settlement.state === 'void') return `Sale of ${thing.title} called off: nothing is owed`;
  // Settled is over: what was owed, said in the past.
  if (settlement.state === 'settled') {
    if (payer.id === viewerId) return `You owed ${payee.name} ${amount}`;
    if (payee.id === viewerId) return `${payer.name} owed you ${amount}`;
  }
  if (settlement.payer.id === viewerId) return `You owe ${settlement.payee.name} ${amount}`;
  if (settlement.payee.id === viewerId) return `${settlement.payer.name} owes you ${amount}`;
  return `${settlement.payer.name} owes ${settlement.payee.name} ${amount}`;
}

/**
 * What a request's money is made of: "Items ₹172 (receipt) + Delivery fee ₹30 = ₹202", and what is
 * owed of it after a dispute was split. Null for a sale (its price is the whole story).
 */
export function breakdownLine(settlement: Settlement): string | null {
  const parts = settlement.breakdown;
  if (!parts) return null;
  const line = amountBreakdown({
    items: parts.items === null ? null : formatRupees(parts.items),
    itemsFrom: parts.itemsFrom,
    fee: formatRupees(parts.fee),
    total: formatRupees(parts.total),
  });
  return settlement.amount === parts.total
    ? line
    : `${line}; ${formatRupees(settlement.amount)} after the dispute was split`;
}

/**
 * The state in words, from the viewer's side while a sale waits for its buyer: "Nothing is owed until
 * you confirm" to the buyer, "₹500 is owed once they confirm" to the seller.
 */
export function stateLine(settlement: Settlement, viewerId: string | undefined): string {
  if (settlement.state !== 'proposed') return SETTLEMENT_STATE_LABELS[settlement.state];
  return settlement.payer.id === viewerId
    ? 'Nothing is owed until you confirm'
    : `${formatRupees(settlement.amount)} is owed once they confirm`;
}

/** How a toast addresses someone: the first word of their name ("Meera" of "Meera Iyer"). */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The people who may pay the member, as a sentence names them: "Ravi", "Ravi and Asha", "Ravi and 2
 * others" (each once, by first name).
 */
export function payersWord(payers: readonly UserRef[]): string {
  const names = [...new Map(payers.map((p) => [p.id, firstName(p.name)])).values()];
  if (names.length <= 2) return names.join(' and ');
  return `${names[0]} and ${names.length - 1} others`;
}

/** What the settlement is for, as a link text: "Request #12 · Milk" or "Sale of Desk lamp". */
export function thingLabel(settlement: Settlement): string {
  const { thing } = settlement;
  if (settlement.kind === 'request')
    return thing.number === null ? `Request · ${thing.title}` : `Request #${thing.number} · ${thing.title}`;
  return `Sale of ${thing.title}`;
}

/** The request's or product's page; null when the product was deleted after the sale. */
export function thingPath(settlement: Settlement): string | null {
  if (!settlement.thing.id) return null;
  return settlement.kind === 'request'
    ? paths.request(settlement.thing.id)
    : paths.product(settlement.thing.id);
}

/** A party as the viewer reads them in a sentence: "you" for themself, else their name. */
export const named = (person: UserRef, viewerId: string | undefined) =>
  person.id === viewerId ? 'you' : person.name;

/**
 * How the last dispute ended, in plain words, while nothing has opened since: "Decided for Asha:
 * paid in cash", "Decided for Ravi: ₹202 is owed", "Split: ₹101 is owed", "Withdrawn by Asha".
 * `replacesState` when the words say all the state would (the decision left it open or settled);
 * a withdrawal puts the settlement back, so its state is still said beside it. Null otherwise.
 */
export function outcomeLine(
  settlement: Settlement,
  viewerId: string | undefined,
): { text: string; replacesState: boolean } | null {
  const last = settlement.disputes.at(-1);
  if (!last || last.status === 'open' || settlement.state === 'disputed') return null;
  if (last.status === 'withdrawn')
    return { text: `Withdrawn by ${named(last.openedBy, viewerId)}`, replacesState: false };
  if (!last.outcome) return null;
  const text = disputeOutcomeWords({
    outcome: last.outcome,
    payer: named(settlement.payer, viewerId),
    payee: named(settlement.payee, viewerId),
    amount: formatRupees(settlement.amount),
    method: settlement.method,
    settled: settlement.state === 'settled',
  });
  return { text, replacesState: settlement.state === 'open' || settlement.state === 'settled' };
}

/** The state in one short line where there is room for one: how the last dispute ended, if it did. */
export function stateWithOutcome(settlement: Settlement, viewerId: string | undefined): string {
  const outcome = outcomeLine(settlement, viewerId);
  if (outcome?.replacesState) return outcome.text;
  const state = stateLine(settlement, viewerId);
  return outcome ? `${outcome.text} · ${state}` : state;
}
