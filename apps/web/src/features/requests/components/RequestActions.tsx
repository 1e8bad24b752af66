import { type DeliveryRequest, REQUEST_LIMITS, type User } from '@campusrun/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { REQUEST_TOAST } from '../api/keys';
import { type RequestAction, useUpdateRequestStatus } from '../api/update-request-status';
import { RatingDialog } from './RatingDialog';

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

/** Spec §6: which actions the viewer has on this request. */
export function availableActions(request: DeliveryRequest, viewer: User): RequestAction[] {
  if (viewer.role === 'hosteller') {
    const isOwner = request.requesterId === viewer.id;
    return isOwner && (request.status === 'pending' || request.status === 'accepted') ? ['cancel'] : [];
  }
  if (viewer.role === 'dayscholar') {
    if (request.status === 'pending' && !request.delivererId) return ['accept'];
    if (request.status === 'accepted' && request.delivererId === viewer.id)
      return ['deliver', 'cancel-delivery'];
  }
  return [];
}

/** The party the viewer rates after completion, or null when there is nothing (more) to rate. */
export function ratingTarget(request: DeliveryRequest, viewer: User) {
  if (request.status !== 'completed' || request.viewerHasRated) return null;
  if (viewer.role === 'hosteller' && request.requesterId === viewer.id && request.deliverer) {
    return { user: request.deliverer, type: 'hosteller_to_dayscholar' as const, button: 'Rate Day Scholar' };
  }
  if (viewer.role === 'dayscholar' && request.delivererId === viewer.id) {
    return { user: request.requester, type: 'dayscholar_to_hosteller' as const, button: 'Rate Hosteller' };
  }
  return null;
}

/** The action buttons of the detail page, each behind a confirmation dialog, and the rating button. */
export function RequestActions({ request, viewer }: { request: DeliveryRequest; viewer: User }) {
  const [open, setOpen] = useState<RequestAction | null>(null);
  const [notes, setNotes] = useState('');
  const [rating, setRating] = useState(false);
  const mutation = useUpdateRequestStatus();
  const actions = availableActions(request, viewer);
  const target = ratingTarget(request, viewer);
  if (actions.length === 0 && !target) return null;

  const config = open ? ACTIONS[open] : null;
  const close = () => {
    if (!mutation.isPending) setOpen(null);
  };
  const confirm = async () => {
    if (!open) return;
    const action = open;
    try {
      await mutation.mutateAsync({ id: request.id, action, deliveryNotes: notes });
      toast.success(ACTIONS[action].success, REQUEST_TOAST);
      setOpen(null);
      setNotes('');
    } catch (error) {
      // The dialog stays open so the user can try again or cancel.
      toast.error(errorMessage(error, ACTIONS[action].failure), REQUEST_TOAST);
    }
  };

  // Phones: full-width buttons stacked (DESIGN "primary button full width on phones"); sm+: inline.
  return (
    <div role="group" aria-label="Request actions" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {actions.map((action) => (
        <Button
          key={action}
          variant={ACTIONS[action].danger ? 'danger' : 'primary'}
          onClick={() => {
            mutation.reset();
            setOpen(action);
          }}
        >
          {ACTIONS[action].button}
        </Button>
      ))}
      {target && (
        <Button variant="secondary" onClick={() => setRating(true)}>
          {target.button}
        </Button>
      )}

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

      {target && (
        <RatingDialog
          open={rating}
          onClose={() => setRating(false)}
          requestId={request.id}
          user={target.user}
          ratingType={target.type}
        />
      )}
    </div>
  );
}
