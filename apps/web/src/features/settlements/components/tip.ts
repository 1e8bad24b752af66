import { SETTLEMENT_MESSAGES, setTipSchema, type Settlement } from '@campusrun/shared';

/** Rupees with at most two decimals, added without a float's stray paise. */
const addRupees = (a: number, b: number) => Math.round((a + b) * 100) / 100;

/** What the payer pays in one go: what is owed and their own tip on top (the UPI link's amount). */
export const payable = (settlement: Pick<Settlement, 'amount' | 'tip'>) =>
  addRupees(settlement.amount, settlement.tip);

/**
 * The tip the payer's payment covered once they marked it paid (the least the tip may be now); 0
 * while it is open.
 */
export const paidTip = (settlement: Pick<Settlement, 'state' | 'tip' | 'tipDue'>) =>
  settlement.state === 'paid' ? addRupees(settlement.tip, -(settlement.tipDue?.amount ?? 0)) : 0;

/** A quick pick pressed: that tip, or none when it was the tip already (the chips toggle). */
export const pickedTip = (current: number, pick: number) => (current === pick ? 0 : pick);

/**
 * The custom tip as typed, checked by the schema the server checks it with: whole rupees from ₹0 to
 * ₹500 (blank is ₹0), else its message.
 */
export function parseTip(text: string): { tip: number } | { error: string } {
  const trimmed = text.trim();
  const parsed = setTipSchema.safeParse({ tip: trimmed === '' ? 0 : Number(trimmed) });
  if (parsed.success) return parsed.data;
  return { error: parsed.error.issues[0]?.message ?? SETTLEMENT_MESSAGES.tipInvalid };
}
