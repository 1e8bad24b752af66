import { DELIVERY_PROGRESS_WORDS, type DeliveryRequest } from '@campusrun/shared';
import { useState } from 'react';
import { ShareButton } from '@/components/share/ShareButton';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { OfflineReason, useOfflineReason } from '@/components/OfflineReason';
import { deferredComponent } from '@/lib/deferred';
import type { RequestAction } from '@/api/requests';
import { ConfirmActionDialog } from './ConfirmActionDialog';
import type { DeliverDialogProps } from './DeliverDialog';
import type { OnTheWayDialogProps } from './OnTheWayDialog';
import { RateCounterpart, ratingOf } from './RateCounterpart';
import type { RepostDialogProps } from './RepostDialog';
import { ACTIONS, shareText, sharesFirst } from './request-actions';

/** Delivering's and Repost's dialogs, with their forms, load after the first screen or when they open. */
const DeliverDialog = deferredComponent<DeliverDialogProps>(() =>
  import('./DeliverDialog').then((m) => m.DeliverDialog),
);
const RepostDialog = deferredComponent<RepostDialogProps>(() =>
  import('./RepostDialog').then((m) => m.RepostDialog),
);
const OnTheWayDialog = deferredComponent<OnTheWayDialogProps>(() =>
  import('./OnTheWayDialog').then((m) => m.OnTheWayDialog),
);

/** The `can` flag of each action: the server decides, the page only shows. */
const CAN: Record<RequestAction, keyof DeliveryRequest['can']> = {
  accept: 'accept',
  'picked-up': 'pickUp',
  deliver: 'complete',
  'confirm-receipt': 'confirmReceipt',
  cancel: 'cancel',
  'cancel-delivery': 'cancelDelivery',
};

/**
 * The action buttons of the detail page, exactly those the server's `can` allows, each behind a
 * dialog; the rating button; Repost for an expired request. The requester's open request leads with
 * Share request. Offline, an action that needs the network (Accept, Cancel Request) is off, with the
 * reason once under the buttons.
 */
export function RequestActions({ request }: { request: DeliveryRequest }) {
  const [open, setOpen] = useState<RequestAction | null>(null);
  const [reposting, setReposting] = useState(false);
  const [onTheWay, setOnTheWay] = useState(false);
  const { offline, describedBy } = useOfflineReason();
  const actions = (Object.keys(CAN) as RequestAction[]).filter((action) => request.can[CAN[action]]);
  const held = (action: RequestAction) => offline && ACTIONS[action].needsNetwork;
  const { target, rated } = ratingOf(request);
  const share = sharesFirst(request);
  if (actions.length === 0 && !target && !rated && !request.can.repost && !share && !request.can.onTheWay)
    return null;
  const close = () => setOpen(null);

  // Phones: full-width buttons stacked; sm+: inline.
  return (
    <div role="group" aria-label="Request actions" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {share && (
        <ShareButton
          title={request.itemName}
          path={paths.request(request.id)}
          text={shareText(request)}
          label="Share request"
          variant="primary"
        />
      )}
      {/* After the pickup, the deliverer's next step: first. */}
      {request.can.onTheWay && (
        <Button variant="primary" onClick={() => setOnTheWay(true)}>
          {request.arrivalEta ? DELIVERY_PROGRESS_WORDS.updateEstimate : DELIVERY_PROGRESS_WORDS.onMyWay}
        </Button>
      )}
      {actions.map((action) => (
        <Button
          key={action}
          // A destructive action (cancelling) is never the filled button: its dialog's confirm is the red one.
          variant={ACTIONS[action].danger ? 'danger-outline' : 'primary'}
          onClick={() => setOpen(action)}
          disabled={held(action)}
          aria-describedby={held(action) ? describedBy : undefined}
        >
          {ACTIONS[action].button}
        </Button>
      ))}
      {actions.some(held) && <OfflineReason id={describedBy} className="sm:basis-full" />}
      {request.can.repost && (
        <Button variant="primary" onClick={() => setReposting(true)}>
          Repost
        </Button>
      )}
      <RateCounterpart request={request} />

      <ConfirmActionDialog request={request} action={open === 'deliver' ? null : open} onClose={close} />
      {request.can.complete && <DeliverDialog open={open === 'deliver'} onClose={close} request={request} />}
      {request.can.onTheWay && (
        <OnTheWayDialog open={onTheWay} onClose={() => setOnTheWay(false)} request={request} />
      )}
      {request.can.repost && (
        <RepostDialog open={reposting} onClose={() => setReposting(false)} requestId={request.id} />
      )}
    </div>
  );
}
