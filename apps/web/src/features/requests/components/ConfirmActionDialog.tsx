import { type DeliveryRequest, REQUEST_LABELS, REQUEST_LIMITS } from '@campusrun/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { OfflineReason, useOfflineReason } from '@/components/OfflineReason';
import { Dialog } from '@/components/ui/Dialog';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { askForPushAfter } from '@/lib/push-ask';
import { toast } from '@/lib/toast';
import { type RequestAction, useUpdateRequestStatus } from '@/api/requests';
import { noteOwnMove } from '../own-moves';
import { ACTIONS, acceptTerms, actionToast } from './request-actions';

/** The actions that only ask to be confirmed (delivering asks for more: DeliverDialog). */
export type ConfirmAction = Exclude<RequestAction, 'deliver'>;

/**
 * The confirmation of one action (accept, pick up, cancel …); a refusal shows in a toast. One that
 * needs the network cannot be confirmed while offline (the dialog says why).
 */
export function ConfirmActionDialog({
  request,
  action: open,
  onClose,
}: {
  request: DeliveryRequest;
  action: ConfirmAction | null;
  onClose: () => void;
}) {
  const mutation = useUpdateRequestStatus();
  const config = open ? ACTIONS[open] : null;
  const { offline, describedBy } = useOfflineReason();
  const held = offline && !!config?.needsNetwork;
  // Picking up a request with an item cost may give the receipt amount already (optional).
  const [receipt, setReceipt] = useState('');
  const asksReceipt = open === 'picked-up' && request.itemCost !== null;
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  const confirm = async () => {
    if (!open) return;
    const action = open;
    try {
      const after = await mutation.mutateAsync({
        id: request.id,
        action,
        actualItemCost: asksReceipt ? receipt : undefined,
      });
      setReceipt('');
      noteOwnMove(request, after, ACTIONS[action].side);
      toast.success(ACTIONS[action].success, actionToast(action));
      if (action === 'accept') askForPushAfter('accept');
      onClose();
    } catch (error) {
      // The dialog stays open so the user can try again or cancel.
      toast.error(errorMessage(error, ACTIONS[action].failure), actionToast(action));
    }
  };

  return (
    <Dialog
      open={open !== null}
      onClose={close}
      title={config?.title}
      description={config?.description}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant={config?.danger ? 'danger' : 'primary'}
            onClick={() => void confirm()}
            isLoading={mutation.isPending}
            disabled={held}
            aria-describedby={held ? describedBy : undefined}
          >
            {config?.confirm}
          </Button>
        </>
      }
    >
      {open === 'accept' && <p className="text-sm font-medium text-slate-900">{acceptTerms(request)}</p>}
      {asksReceipt && (
        <TextField
          label={REQUEST_LABELS.receipt}
          hint={REQUEST_LABELS.receiptHint(formatRupees(request.itemCost))}
          type="number"
          inputMode="decimal"
          min={REQUEST_LIMITS.priceMin}
          step="any"
          value={receipt}
          onChange={(event) => setReceipt(event.target.value)}
        />
      )}
      {held && <OfflineReason id={describedBy} className={open === 'accept' ? 'mt-3' : undefined} />}
    </Dialog>
  );
}
