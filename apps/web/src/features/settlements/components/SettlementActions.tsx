import { type PaymentMethod, SETTLEMENT_MESSAGES, type Settlement } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Banknote, Check, Flag, Smartphone, X } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { SETTLEMENT_TOAST, settlementKeys } from '../api/keys';
import { useMarkNotReceived } from '../api/mark-not-received';
import { useMarkPaid } from '../api/mark-paid';
import { useMarkReceived } from '../api/mark-received';
import { DisputeDialog } from './deferred';

/**
 * What the viewer may do with a settlement, as the server says (`can`): the payer pays by UPI (the
 * app opens from the link) and says so, or says they paid in cash; the payee confirms it arrived or,
 * once marked paid, that it did not; either may report a problem.
 */
export function SettlementActions({ settlement }: { settlement: Settlement }) {
  const queryClient = useQueryClient();
  const paid = useMarkPaid();
  const received = useMarkReceived();
  const notReceived = useMarkNotReceived();
  const [upiOpened, setUpiOpened] = useState(false);
  const [confirmNotReceived, setConfirmNotReceived] = useState(false);
  const [disputeOpen, setDisputeOpen] = useState(false);
  const { can, upiUri, id } = settlement;
  const amount = formatRupees(settlement.amount);
  const busy = paid.isPending || received.isPending || notReceived.isPending;

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
        onSuccess: () => toast.success(SETTLEMENT_MESSAGES.markedPaid, SETTLEMENT_TOAST),
        onError: (failure) => failed(failure, 'Failed to mark it paid'),
      },
    );
  const receive = () =>
    received.mutate(id, {
      onSuccess: () => toast.success(SETTLEMENT_MESSAGES.markedReceived, SETTLEMENT_TOAST),
      onError: (failure) => failed(failure, 'Failed to mark it received'),
    });
  const sayNotReceived = () =>
    notReceived.mutate(id, {
      onSuccess: () => {
        setConfirmNotReceived(false);
        toast.success(SETTLEMENT_MESSAGES.markedNotReceived, SETTLEMENT_TOAST);
      },
      onError: (failure) => {
        setConfirmNotReceived(false);
        failed(failure, 'Failed to report it not received');
      },
    });

  const showPay = can.pay;
  const any = showPay || can.receive || can.notReceive || (can.dispute && settlement.thing.id);
  if (!any) return null;

  return (
    <div className="space-y-3">
      {showPay && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {upiUri && (
            <a
              href={upiUri}
              onClick={() => setUpiOpened(true)}
              className={buttonClasses({ size: 'lg', className: 'sm:flex-1' })}
            >
              <Smartphone className="size-5" aria-hidden="true" />
              Pay {amount} with UPI
            </a>
          )}
          {upiUri && (
            <Button
              variant={upiOpened ? 'primary' : 'secondary'}
              onClick={() => pay('upi')}
              isLoading={paid.isPending && paid.variables?.method === 'upi'}
              disabled={busy}
            >
              <Check className="size-4" aria-hidden="true" />I paid
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => pay('cash')}
            isLoading={paid.isPending && paid.variables?.method === 'cash'}
            disabled={busy}
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
      {(can.receive || can.notReceive) && (
        <div className="flex flex-col gap-3 sm:flex-row">
          {can.receive && (
            <Button onClick={receive} isLoading={received.isPending} disabled={busy}>
              <Check className="size-4" aria-hidden="true" />
              Received
            </Button>
          )}
          {can.notReceive && (
            <Button variant="secondary" onClick={() => setConfirmNotReceived(true)} disabled={busy}>
              <X className="size-4" aria-hidden="true" />
              Not received
            </Button>
          )}
        </div>
      )}
      {can.dispute && settlement.thing.id && (
        <Button variant="ghost" size="sm" onClick={() => setDisputeOpen(true)}>
          <Flag className="size-4" aria-hidden="true" />
          Report a problem
        </Button>
      )}
      <Dialog
        open={confirmNotReceived}
        onClose={() => !notReceived.isPending && setConfirmNotReceived(false)}
        title={`Say ${amount} never arrived?`}
        description={`${settlement.payer.name} marked it paid. A moderator will look into it and decide what is owed.`}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setConfirmNotReceived(false)}
              disabled={notReceived.isPending}
            >
              Cancel
            </Button>
            <Button variant="danger" onClick={sayNotReceived} isLoading={notReceived.isPending}>
              Not received
            </Button>
          </>
        }
      />
      {settlement.thing.id && (
        <DisputeDialog
          open={disputeOpen}
          onClose={() => setDisputeOpen(false)}
          targetType={settlement.kind}
          targetId={settlement.thing.id}
        />
      )}
    </div>
  );
}
