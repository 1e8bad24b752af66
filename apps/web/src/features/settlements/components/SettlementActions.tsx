import { type PaymentMethod, SETTLEMENT_MESSAGES, type Settlement } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Banknote, Check, Flag, Smartphone, X } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/Button';
import { OfflineReason, useOfflineReason } from '@/components/OfflineReason';
import { Dialog } from '@/components/ui/Dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  SETTLEMENT_TOAST,
  useAcceptCost,
  useConfirmSale,
  useDeclineSale,
  useMarkNotReceived,
  useMarkPaid,
  useMarkReceived,
} from '@/api/settlements';
import { settlementKeys } from '@/api/cache';
import { useTellOwnChange } from '../own-changes';
import { DisputeDialog } from './deferred';
import { NotReceivedDialog } from './NotReceivedDialog';
import { RemindButton } from './RemindButton';
import { payable } from './tip';
import { TipDue } from './TipDue';
import { TipPicker } from './TipPicker';

/**
 * What the viewer may do with a settlement, as the server says (`can`): the buyer of a proposed sale
 * confirms it or says they did not buy it; the requester accepts a receipt above their estimate or
 * disputes it; the payer pays by UPI (the app opens from the link) and says so, or says they paid in
 * cash (after a confirmation); the payee confirms it arrived or, once marked paid, that it did not,
 * and while it is unpaid reminds the payer (once a day); either may report a problem. Each of these
 * moves money or answers the other side, so none is kept to be sent later: offline they are all
 * off, with the reason once above them (and in an open confirmation).
 */
// eslint-disable-next-line max-lines-per-function -- one settlement's actions share its six mutations and their busy state.
export function SettlementActions({ settlement }: { settlement: Settlement }) {
  const queryClient = useQueryClient();
  const paid = useMarkPaid();
  const received = useMarkReceived();
  const notReceived = useMarkNotReceived();
  const confirmed = useConfirmSale();
  const declined = useDeclineSale();
  const costAccepted = useAcceptCost();
  const [upiOpened, setUpiOpened] = useState(false);
  const [confirmNotReceived, setConfirmNotReceived] = useState(false);
  const [notReceivedError, setNotReceivedError] = useState<string | null>(null);
  const [confirmDecline, setConfirmDecline] = useState(false);
  const [confirmCash, setConfirmCash] = useState(false);
  const [disputeOpen, setDisputeOpen] = useState(false);
  const tellOwnChange = useTellOwnChange();
  const { offline, describedBy } = useOfflineReason();
  // A second line (its own id) for the confirmation dialog open over the card.
  const inDialog = useOfflineReason();
  const { can, upiUri, id, itemCost } = settlement;
  const amount = formatRupees(settlement.amount);
  // What one payment covers: what is owed and the payer's own tip on top (the UPI link asks for it).
  const toPay = formatRupees(payable(settlement));
  const busy =
    paid.isPending ||
    received.isPending ||
    notReceived.isPending ||
    confirmed.isPending ||
    declined.isPending ||
    costAccepted.isPending;
  const off = busy || offline;

  const failed = (failure: unknown, fallback: string) => {
    toast.error(errorMessage(failure, fallback), SETTLEMENT_TOAST);
    // Refused because it changed meanwhile (the other side acted): show what it is now.
    if (failure instanceof ApiError && (failure.status === 409 || failure.status === 403))
      void queryClient.invalidateQueries({ queryKey: settlementKeys.all });
  };
  const pay = (method: PaymentMethod) =>
    paid.mutate(
      { id, method },
      {
        onSuccess: (changed) => {
          setConfirmCash(false);
          toast.success(SETTLEMENT_MESSAGES.markedPaid, SETTLEMENT_TOAST);
          tellOwnChange(changed);
        },
        onError: (failure) => {
          setConfirmCash(false);
          failed(failure, 'Failed to mark it paid');
        },
      },
    );
  const receive = () =>
    received.mutate(id, {
      onSuccess: (changed) => {
        toast.success(SETTLEMENT_MESSAGES.markedReceived, SETTLEMENT_TOAST);
        tellOwnChange(changed);
      },
      onError: (failure) => failed(failure, 'Failed to mark it received'),
    });
  const sayNotReceived = (details: string) =>
    notReceived.mutate(
      { id, details: details || undefined },
      {
        onSuccess: (changed) => {
          setConfirmNotReceived(false);
          setNotReceivedError(null);
          toast.success(SETTLEMENT_MESSAGES.markedNotReceived, SETTLEMENT_TOAST);
          tellOwnChange(changed);
        },
        onError: (failure) => {
          // What they wrote was refused: said under it, the dialog stays with the words.
          const refused = failure instanceof ApiError ? failure.errors?.[0]?.msg : undefined;
          if (refused) {
            setNotReceivedError(refused);
            return;
          }
          setConfirmNotReceived(false);
          failed(failure, 'Failed to report it not received');
        },
      },
    );

  const confirmSale = () =>
    confirmed.mutate(id, {
      onSuccess: (changed) => {
        toast.success(SETTLEMENT_MESSAGES.confirmed, SETTLEMENT_TOAST);
        tellOwnChange(changed);
      },
      onError: (failure) => failed(failure, 'Failed to confirm the sale'),
    });
  const declineSale = () =>
    declined.mutate(id, {
      onSuccess: (changed) => {
        setConfirmDecline(false);
        toast.success(SETTLEMENT_MESSAGES.declined, SETTLEMENT_TOAST);
        tellOwnChange(changed);
      },
      onError: (failure) => {
        setConfirmDecline(false);
        failed(failure, 'Failed to say you did not buy it');
      },
    });
  const acceptCost = () =>
    costAccepted.mutate(id, {
      onSuccess: (changed) => {
        toast.success(SETTLEMENT_MESSAGES.costAccepted, SETTLEMENT_TOAST);
        tellOwnChange(changed);
      },
      onError: (failure) => failed(failure, 'Failed to accept the item cost'),
    });

  const showPay = can.pay;
  const answersCost = can.acceptCost && itemCost !== null;
  // Whether there is a button at all: the item cost line alone is something to read, not to do.
  const actionable =
    showPay ||
    can.confirm ||
    can.decline ||
    answersCost ||
    can.receive ||
    can.notReceive ||
    can.remind ||
    can.dispute ||
    can.tip;
  if (!actionable && itemCost === null) return null;

  return (
    <div className="space-y-3">
      {actionable && <OfflineReason id={describedBy} />}
      {(can.confirm || can.decline) && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {can.confirm && (
            <Button
              onClick={confirmSale}
              isLoading={confirmed.isPending}
              disabled={off}
              aria-describedby={describedBy}
            >
              <Check className="size-4" aria-hidden="true" />I bought {settlement.thing.title} for {amount}
            </Button>
          )}
          {can.decline && (
            <Button
              variant="secondary"
              onClick={() => setConfirmDecline(true)}
              disabled={off}
              aria-describedby={describedBy}
            >
              <X className="size-4" aria-hidden="true" />I didn&rsquo;t buy this
            </Button>
          )}
        </div>
      )}
      {itemCost && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {answersCost
            ? `${settlement.payee.name} says the items cost ${formatRupees(itemCost.claimed)} (you estimated ${formatRupees(itemCost.estimated)}). Accept adds the difference to what you owe.`
            : `You said the items cost ${formatRupees(itemCost.claimed)}; ${settlement.payer.name} estimated ${formatRupees(itemCost.estimated)} and has not accepted it yet.`}
        </p>
      )}
      {answersCost && (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            onClick={acceptCost}
            isLoading={costAccepted.isPending}
            disabled={off}
            aria-describedby={describedBy}
          >
            <Check className="size-4" aria-hidden="true" />
            Accept {formatRupees(itemCost.claimed)}
          </Button>
          {can.dispute && (
            <Button
              variant="secondary"
              onClick={() => setDisputeOpen(true)}
              disabled={off}
              aria-describedby={describedBy}
            >
              <Flag className="size-4" aria-hidden="true" />
              Dispute
            </Button>
          )}
        </div>
      )}
      {can.tip && (
        <TipPicker settlement={settlement} offline={offline} describedBy={describedBy} disabled={busy} />
      )}
      <TipDue settlement={settlement} offline={offline} describedBy={describedBy} />
      {showPay && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {upiUri && offline && (
            // A link cannot be disabled, so offline it is a button that is off (the UPI app could not pay either).
            <Button size="lg" className="sm:flex-1" disabled aria-describedby={describedBy}>
              <Smartphone className="size-5" aria-hidden="true" />
              Pay {toPay} with UPI
            </Button>
          )}
          {upiUri && !offline && (
            <a
              href={upiUri}
              onClick={() => setUpiOpened(true)}
              className={buttonClasses({ size: 'lg', className: 'sm:flex-1' })}
            >
              <Smartphone className="size-5" aria-hidden="true" />
              Pay {toPay} with UPI
            </a>
          )}
          {upiUri && (
            <Button
              variant={upiOpened ? 'primary' : 'secondary'}
              onClick={() => pay('upi')}
              isLoading={paid.isPending && paid.variables?.method === 'upi'}
              disabled={off}
              aria-describedby={describedBy}
            >
              <Check className="size-4" aria-hidden="true" />I paid
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => setConfirmCash(true)}
            disabled={off}
            aria-describedby={describedBy}
          >
            <Banknote className="size-4" aria-hidden="true" />I paid in cash
          </Button>
        </div>
      )}
      {showPay && upiUri && upiOpened && (
        <p className="text-sm text-slate-600">
          Paid in your UPI app? Press “I paid” so {settlement.payee.name} knows.
        </p>
      )}
      {showPay && !upiUri && (
        <p className="text-sm text-slate-600">
          {settlement.payee.name} has not added a UPI ID. Pay in cash, or ask them in chat how to pay.
        </p>
      )}
      {(can.receive || can.notReceive || can.remind) && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {can.receive && (
            <Button
              onClick={receive}
              isLoading={received.isPending}
              disabled={off}
              aria-describedby={describedBy}
            >
              <Check className="size-4" aria-hidden="true" />
              Received
            </Button>
          )}
          {can.notReceive && (
            <Button
              variant="secondary"
              onClick={() => setConfirmNotReceived(true)}
              disabled={off}
              aria-describedby={describedBy}
            >
              <X className="size-4" aria-hidden="true" />
              Not received
            </Button>
          )}
          {can.remind && (
            <RemindButton
              settlement={settlement}
              offline={offline}
              describedBy={describedBy}
              disabled={busy}
            />
          )}
        </div>
      )}
      {can.dispute && !answersCost && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setDisputeOpen(true)}
          disabled={offline}
          aria-describedby={describedBy}
        >
          <Flag className="size-4" aria-hidden="true" />
          Report a problem
        </Button>
      )}
      <NotReceivedDialog
        open={confirmNotReceived}
        close={() => {
          setConfirmNotReceived(false);
          setNotReceivedError(null);
        }}
        pending={notReceived.isPending}
        title={`Say ${amount} never arrived?`}
        description={`${settlement.payer.name} marked it paid. A moderator will look into it and decide what is owed.`}
        error={notReceivedError}
        onConfirm={sayNotReceived}
        offline={offline}
        describedBy={inDialog.describedBy}
      />
      <ConfirmDialog
        open={confirmCash}
        close={() => setConfirmCash(false)}
        pending={paid.isPending}
        title={`Say you paid ${settlement.payee.name} ${toPay} in cash?`}
        description={`${settlement.payee.name} will be asked to confirm the money arrived.`}
        confirm="I paid in cash"
        onConfirm={() => pay('cash')}
        offline={offline}
        describedBy={inDialog.describedBy}
      />
      <ConfirmDialog
        open={confirmDecline}
        close={() => setConfirmDecline(false)}
        pending={declined.isPending}
        title={`Say you didn't buy ${settlement.thing.title}?`}
        description={`${settlement.payee.name} will be told, and nothing is owed for it.`}
        danger
        confirm="I didn’t buy this"
        onConfirm={declineSale}
        offline={offline}
        describedBy={inDialog.describedBy}
      />
      <DisputeDialog open={disputeOpen} onClose={() => setDisputeOpen(false)} settlementId={id} />
    </div>
  );
}

/**
 * "Are you sure?" before a money step that tells the other side: Cancel, and the step itself, which
 * is off offline with the reason said in the dialog.
 */
function ConfirmDialog({
  open,
  close,
  pending,
  title,
  description,
  confirm,
  onConfirm,
  danger = false,
  offline,
  describedBy,
}: {
  open: boolean;
  close: () => void;
  pending: boolean;
  title: string;
  description: string;
  confirm: string;
  onConfirm: () => void;
  danger?: boolean;
  offline: boolean;
  describedBy: string | undefined;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => !pending && close()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={onConfirm}
            isLoading={pending}
            disabled={offline}
            aria-describedby={describedBy}
          >
            {confirm}
          </Button>
        </>
      }
    >
      {offline && <OfflineReason id={describedBy} />}
    </Dialog>
  );
}
