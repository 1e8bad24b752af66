import {
  type Dispute,
  type MoneyParts,
  type MoneySide,
  type Settlement,
  type UserRef,
} from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import type { DisputePhotoLinks, PhotoSide } from './settlements.photos';
import {
  settlementCan,
  statementRefusal,
  tipDue,
  withdrawRefusal,
  type DisputeFacts,
  type SettlementFacts,
} from './settlements.policy';
import type { DeliveryMoneyRow, DisputeRow, SettlementRow } from './settlements.repo';

/**
 * The UPI payment link of a settlement: `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…`, every value encoded,
 * the amount in rupees with two decimals.
 */
export function upiUri(p: { upiId: string; payeeName: string; amount: number; note: string }): string {
  const e = encodeURIComponent;
  return `upi://pay?pa=${e(p.upiId)}&pn=${e(p.payeeName)}&am=${e(p.amount.toFixed(2))}&cu=INR&tn=${e(p.note)}`;
}

/** What a UPI app shows as the payment's note. */
export const paymentNote = (row: Pick<SettlementRow, 'kind' | 'requestNumber' | 'title'>) =>
  row.kind === 'request' ? `CampusRun request #${row.requestNumber ?? ''}` : `CampusRun sale of ${row.title}`;

/** The rules' view of a settlement row. */
export const settlementFacts = (row: SettlementRow): SettlementFacts => ({
  kind: row.kind,
  payerId: row.payerId,
  payeeId: row.payeeId,
  state: row.state,
  finishedAt: row.finishedAt,
  disputeOpen: row.disputeStatus === 'open',
  disputedBy: row.disputedBy,
  extraClaim: row.extraClaim,
  payeeActed: row.payeeActed,
  remindedAt: row.remindedAt,
});

/**
 * The payee's UPI ID goes to the payer only once the debt is one both made: the buyer confirmed the
 * sale, the deliverer picked the request up; never for a void one.
 */
const showsUpi = (row: SettlementRow) => row.payeeActed && row.state !== 'proposed' && row.state !== 'void';

/**
 * What a request's debt is made of, in paise: everything above the fee is the items, counted by the
 * receipt once it is what is owed (told and within the estimate, or accepted), else by the estimate.
 * Null for a sale.
 */
export function breakdownOf(
  row: Pick<SettlementRow, 'kind' | 'fee' | 'originalAmount' | 'receiptTold' | 'extraClaim'>,
) {
  if (row.kind !== 'request') return null;
  const items = row.originalAmount - row.fee;
  return {
    items: items > 0 ? items : null,
    itemsFrom:
      items <= 0
        ? null
        : row.receiptTold && row.extraClaim === null
          ? ('receipt' as const)
          : ('estimate' as const),
    fee: row.fee,
    total: row.originalAmount,
  };
}

/** The two sides of a dispute on this settlement: the one who opened it, and the other party. */
export function disputeSides(row: SettlementRow, openedBy: string) {
  const payer = { id: row.payerId, name: row.payerName, avatar: row.payerAvatar };
  const payee = { id: row.payeeId, name: row.payeeName, avatar: row.payeeAvatar };
  return openedBy === row.payeeId ? { opener: payee, other: payer } : { opener: payer, other: payee };
}

/**
 * A settlement as one of its two parties sees it (nobody else ever does): money in rupees, the
 * payee's UPI link when they have a UPI ID and the debt is confirmed, its disputes with both sides'
 * statements and photos (signed by `links`), `can` from the policy as of `now`.
 */
export function presentSettlement(
  row: SettlementRow,
  viewerId: string,
  now = new Date(),
  links: DisputePhotoLinks | null = null,
): Settlement {
  const amount = toRupees(row.amount);
  const parts = breakdownOf(row);
  const link = (paise: number) =>
    row.payeeUpiId && showsUpi(row)
      ? upiUri({
          upiId: row.payeeUpiId,
          payeeName: row.payeeName,
          amount: toRupees(paise),
          note: paymentNote(row),
        })
      : null;
  const due = tipDue(row);
  return {
    id: row.id,
    kind: row.kind,
    thing: {
      id: row.kind === 'request' ? row.requestId : row.productId,
      title: row.title,
      number: row.kind === 'request' ? row.requestNumber : null,
    },
    amount,
    tip: toRupees(row.tip),
    // A tip added after the payer marked it paid: a payment of its own.
    tipDue: due > 0 ? { amount: toRupees(due), upiUri: link(due) } : null,
    payer: { id: row.payerId, name: row.payerName, avatar: row.payerAvatar },
    payee: { id: row.payeeId, name: row.payeeName, avatar: row.payeeAvatar },
    state: row.state,
    method: row.method,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
    // What is owed and the payer's own tip on top: one payment.
    upiUri: link(row.amount + row.tip),
    itemCost:
      row.extraClaim === null
        ? null
        : { claimed: toRupees(row.itemEstimate + row.extraClaim), estimated: toRupees(row.itemEstimate) },
    breakdown: parts && {
      ...parts,
      items: parts.items === null ? null : toRupees(parts.items),
      fee: toRupees(parts.fee),
      total: toRupees(parts.total),
    },
    settledAutomatically: row.settledAutomatically,
    dispute:
      row.disputeId && row.disputeStatus
        ? { id: row.disputeId, status: row.disputeStatus, outcome: row.disputeOutcome }
        : null,
    disputes: row.disputes.map((d) => {
      const facts: DisputeFacts = { ...d, payerId: row.payerId, payeeId: row.payeeId };
      return {
        ...presentDispute(d, disputeSides(row, d.openedBy), links),
        can: {
          statement: statementRefusal(viewerId, facts) === null,
          withdraw: withdrawRefusal(viewerId, facts) === null,
        },
      };
    }),
    can: settlementCan(viewerId, settlementFacts(row), now),
  };
}

/**
 * A dispute as its parties (and moderators) see it: the opener's statement (`details`, `photos`), the
 * other party's once given, and how it ended. Photos only with `links` (they are signed for the
 * viewer's answer).
 */
export function presentDispute(
  d: DisputeRow,
  sides: { opener: UserRef; other: UserRef },
  links: DisputePhotoLinks | null,
): Dispute {
  const photos = (side: PhotoSide, keys: string[]) =>
    links ? keys.map((key, i) => links.photo(d.id, side, i, key)) : [];
  return {
    id: d.id,
    targetType: d.targetType,
    targetId: d.targetId,
    reason: d.reason,
    details: d.details,
    photos: photos('opener', d.photos),
    reply:
      d.reply === null
        ? null
        : {
            by: sides.other,
            text: d.reply,
            photos: photos('reply', d.replyPhotos),
            at: (d.repliedAt ?? d.createdAt).toISOString(),
          },
    status: d.status,
    outcome: d.outcome,
    note: d.note,
    openedBy: sides.opener,
    createdAt: d.createdAt.toISOString(),
    resolvedAt: d.resolvedAt?.toISOString() ?? null,
    withdrawnAt: d.withdrawnAt?.toISOString() ?? null,
  };
}

const partsInRupees = (p: MoneyParts): MoneyParts => ({
  fees: toRupees(p.fees),
  items: toRupees(p.items),
  tips: toRupees(p.tips),
});

/**
 * One side of the member's money in rupees: every one of the `weeks` (oldest first, none left out)
 * with the deliveries completed in it and their sums, and the totals.
 */
export function presentMoneySide(
  weeks: string[],
  rows: DeliveryMoneyRow[],
  totals: { thisWeek: MoneyParts; thisMonth: MoneyParts; allTime: MoneyParts },
): MoneySide {
  return {
    weeks: weeks.map((start) => {
      const inWeek = rows.filter((r) => r.week === start);
      const sum = (k: 'fee' | 'items' | 'tip') => inWeek.reduce((total, r) => total + r[k], 0);
      return {
        start,
        ...partsInRupees({ fees: sum('fee'), items: sum('items'), tips: sum('tip') }),
        deliveries: inWeek.map((r) => ({
          id: r.id,
          number: r.number,
          title: r.title,
          completedAt: new Date(r.completed_at).toISOString(),
          fee: toRupees(r.fee),
          items: toRupees(r.items),
          tip: toRupees(r.tip),
        })),
      };
    }),
    thisWeek: partsInRupees(totals.thisWeek),
    thisMonth: partsInRupees(totals.thisMonth),
    allTime: partsInRupees(totals.allTime),
  };
}
