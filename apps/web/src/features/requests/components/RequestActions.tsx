import {
  type DeliveryRequest,
  HANDOVER_CODE,
  REQUEST_LABELS,
  REQUEST_LIMITS,
  type RatingType,
} from '@campusrun/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, TextField } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { StarRating } from '@/components/ui/StarRating';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { REQUEST_TOAST, type RequestAction, useUpdateRequestStatus, useCreateRating } from '@/api/requests';
import { RatingDialog } from '@/components/ratings/deferred';
import { deferredComponent } from '@/lib/deferred';
import type { RepostDialogProps } from './RepostDialog';

/** Repost's dialog, with the deadline rule, loads after the first screen or when it opens. */
const RepostDialog = deferredComponent<RepostDialogProps>(() =>
  import('./RepostDialog').then((m) => m.RepostDialog),
);

interface ActionConfig {
  button: string;
  title: string;
  description: string;
  confirm: string;
  danger: boolean;
  success: string;
  failure: string;
}

const ACTIONS: Record<RequestAction, ActionConfig> = {
  accept: {
    button: 'Accept Request',
    title: 'Accept this request?',
    description:
      'Accepting means you take responsibility for the delivery: buy the item and bring it to the requester before the deadline.',
    confirm: 'Confirm',
    danger: false,
    success: 'Request accepted successfully',
    failure: 'Failed to accept request',
  },
  'picked-up': {
    button: 'Mark picked up',
    title: 'Mark this request picked up?',
    description:
      'Confirm that you have the items. The requester is told, and can confirm receipt once you hand them over.',
    confirm: 'Confirm',
    danger: false,
    success: 'Marked picked up: the requester has been told',
    failure: 'Failed to mark the request picked up',
  },
  deliver: {
    button: 'Mark as Completed',
    title: 'Mark this delivery as completed?',
    description: 'Confirm that the item has been handed over to the requester.',
    confirm: 'Confirm',
    danger: false,
    success: 'Request completed successfully',
    failure: 'Failed to complete request',
  },
  cancel: {
    button: 'Cancel Request',
    title: 'Cancel this request?',
    description: 'This cannot be undone: the request will be cancelled for you and any deliverer.',
    confirm: 'Confirm',
    danger: true,
    success: 'Request cancelled successfully',
    failure: 'Failed to cancel request',
  },
  'confirm-receipt': {
    button: 'Confirm receipt',
    title: 'Confirm you received the items?',
    description:
      'This completes the request, as if your deliverer had marked it completed. Confirm only once you have the items.',
    confirm: 'Confirm',
    danger: false,
    success: 'Receipt confirmed: the request is completed',
    failure: 'Failed to confirm receipt',
  },
  'cancel-delivery': {
    button: 'Cancel Delivery',
    title: 'Cancel this delivery?',
    description: 'You will no longer deliver this request; it goes back to the list for other day scholars.',
    confirm: 'Confirm',
    danger: true,
    success: 'Delivery cancelled successfully',
    failure: 'Failed to cancel delivery',
  },
};

/** The `can` flag of each action: the server decides, the page only shows. */
const CAN: Record<RequestAction, keyof DeliveryRequest['can']> = {
  accept: 'accept',
  'picked-up': 'pickUp',
  deliver: 'complete',
  'confirm-receipt': 'confirmReceipt',
  cancel: 'cancel',
  'cancel-delivery': 'cancelDelivery',
};

const RATE_BUTTON: Record<RatingType, string> = {
  hosteller_to_dayscholar: 'Rate Day Scholar',
  dayscholar_to_hosteller: 'Rate Hosteller',
};

/** A refusal of the handover code: wrong, locked, or a code the form's rules refused. */
const isAboutCode = (error: ApiError) =>
  error.reason === 'handoverCodeWrong' ||
  error.reason === 'handoverCodeLocked' ||
  Boolean(error.errors?.some((e) => e.param === 'handoverCode'));

/** A refusal of the receipt amount: out of the rupee rules, or given for a request without an item cost. */
const isAboutReceipt = (error: ApiError) =>
  error.reason === 'noItemCost' || Boolean(error.errors?.some((e) => e.param === 'actualItemCost'));

/**
 * The action buttons of the detail page, exactly those the server's `can` allows, each behind a
 * confirmation dialog; the rating button; Repost for an expired request.
 */
export function RequestActions({ request }: { request: DeliveryRequest }) {
  const [open, setOpen] = useState<RequestAction | null>(null);
  const [rating, setRating] = useState(false);
  const [reposting, setReposting] = useState(false);
  const createRating = useCreateRating();
  const actions = (Object.keys(CAN) as RequestAction[]).filter((action) => request.can[CAN[action]]);
  const target =
    request.can.rate && request.counterpart && request.ratingType
      ? { user: request.counterpart, type: request.ratingType }
      : null;
  // Once rated, the rating given shows where the Rate button was.
  const rated =
    request.viewerRating !== null && request.counterpart
      ? { name: request.counterpart.name, stars: request.viewerRating }
      : null;
  if (actions.length === 0 && !target && !rated && !request.can.repost) return null;

  // Phones: full-width buttons stacked; sm+: inline.
  return (
    <div role="group" aria-label="Request actions" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {actions.map((action) => (
        <Button
          key={action}
          variant={ACTIONS[action].danger ? 'danger' : 'primary'}
          onClick={() => setOpen(action)}
        >
          {ACTIONS[action].button}
        </Button>
      ))}
      {request.can.repost && (
        <Button variant="primary" onClick={() => setReposting(true)}>
          Repost
        </Button>
      )}
      {target && (
        <Button variant="secondary" onClick={() => setRating(true)}>
          {RATE_BUTTON[target.type]}
        </Button>
      )}
      {rated && !target && (
        <p className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          {`You rated ${rated.name}`}
          <StarRating value={rated.stars} />
        </p>
      )}

      <ActionDialog request={request} action={open} onClose={() => setOpen(null)} />

      {request.can.repost && (
        <RepostDialog open={reposting} onClose={() => setReposting(false)} requestId={request.id} />
      )}

      {target && (
        <RatingDialog
          open={rating}
          onClose={() => setRating(false)}
          user={target.user}
          isPending={createRating.isPending}
          submit={(body) =>
            createRating.mutateAsync({
              ...body,
              userId: target.user.id,
              requestId: request.id,
              ratingType: target.type,
            })
          }
        />
      )}
    </div>
  );
}

/**
 * The confirmation of one action (accept, pick up, deliver, cancel …); delivering asks for the
 * handover code, the receipt's amount and notes. What was typed stays until the action succeeds.
 */
function ActionDialog({
  request,
  action: open,
  onClose,
}: {
  request: DeliveryRequest;
  action: RequestAction | null;
  onClose: () => void;
}) {
  const [notes, setNotes] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [receipt, setReceipt] = useState('');
  const [receiptError, setReceiptError] = useState<string>();
  const mutation = useUpdateRequestStatus();
  // Each opening starts without the errors of the last one.
  const [opened, setOpened] = useState(open);
  if (opened !== open) {
    setOpened(open);
    setCodeError(undefined);
    setReceiptError(undefined);
  }

  const config = open ? ACTIONS[open] : null;
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  const confirm = async () => {
    if (!open) return;
    const action = open;
    try {
      await mutation.mutateAsync({
        id: request.id,
        action,
        deliveryNotes: notes,
        handoverCode: code,
        actualItemCost: request.itemCost !== null ? receipt : undefined,
      });
      toast.success(ACTIONS[action].success, { ...REQUEST_TOAST, toastId: `request:${action}` });
      onClose();
      setNotes('');
      setCode('');
      setReceipt('');
    } catch (error) {
      // The dialog stays open so the user can try again or cancel; a code problem shows at the code.
      const message = errorMessage(error, ACTIONS[action].failure);
      const aboutCode = error instanceof ApiError && isAboutCode(error);
      const aboutReceipt = error instanceof ApiError && isAboutReceipt(error);
      if (action === 'deliver' && request.handoverRequired && aboutCode) setCodeError(message);
      else if (action === 'deliver' && request.itemCost !== null && aboutReceipt) setReceiptError(message);
      else toast.error(message, { ...REQUEST_TOAST, toastId: `request:${action}` });
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
          >
            {config?.confirm}
          </Button>
        </>
      }
    >
      {open === 'deliver' && request.handoverRequired && (
        <TextField
          label="Handover code"
          hint={`The ${HANDOVER_CODE.length}-digit code the requester shows on their request page.`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={HANDOVER_CODE.length}
          className="font-mono text-lg tracking-widest"
          value={code}
          error={codeError}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, ''));
            setCodeError(undefined);
          }}
        />
      )}
      {open === 'deliver' && request.itemCost !== null && (
        <TextField
          label={REQUEST_LABELS.receipt}
          hint={`Optional: what the receipt says. The estimate was ${formatRupees(request.itemCost)}.`}
          type="number"
          inputMode="decimal"
          min={REQUEST_LIMITS.priceMin}
          step="any"
          value={receipt}
          error={receiptError}
          onChange={(event) => {
            setReceipt(event.target.value);
            setReceiptError(undefined);
          }}
        />
      )}
      {open === 'deliver' && (
        <Field label="Delivery notes (optional)">
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={REQUEST_LIMITS.deliveryNotesMax}
              placeholder="e.g. Left it with the warden"
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          )}
        </Field>
      )}
    </Dialog>
  );
}
