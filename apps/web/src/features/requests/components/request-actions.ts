import type { DeliveryRequest } from '@campusrun/shared';
import type { ApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { REQUEST_TOAST, type RequestAction } from '@/api/requests';
import type { ListSide } from '../own-moves';

interface ActionConfig {
  button: string;
  title: string;
  description: string;
  confirm: string;
  danger: boolean;
  success: string;
  failure: string;
  /**
   * True when it binds the viewer to another person: such an action is not kept to be sent once the
   * network returns (by then someone else may have taken the request), so offline its buttons are off.
   */
  needsNetwork: boolean;
  /** Who acts: the request's requester or its deliverer (whose list follows the request it moves). */
  side: ListSide;
}

/**
 * What accepting means in money, before the day scholar commits: the fee they earn, roughly what they
 * lay out at the shop, and what the requester pays them back in all.
 */
export function acceptTerms(request: DeliveryRequest): string {
  const fee = formatRupees(request.expectedPrice);
  const who = request.requester.name;
  if (request.itemCost === null)
    return `You earn ${fee}. You pay for the items at the shop, and ${who} pays you back what the receipt says, plus the fee.`;
  return `You earn ${fee}. You pay about ${formatRupees(request.itemCost)} at the shop, and ${who} pays you about ${formatRupees(request.itemCost + request.expectedPrice)} in all.`;
}

/** What each action's button, dialog and toasts say. */
export const ACTIONS: Record<RequestAction, ActionConfig> = {
  accept: {
    button: 'Accept Request',
    title: 'Accept this request?',
    description:
      'Accepting means you take responsibility for the delivery: buy the item and bring it to the requester before the deadline.',
    confirm: 'Confirm',
    danger: false,
    success: 'Request accepted successfully',
    failure: 'Failed to accept request',
    needsNetwork: true,
    side: 'deliverer',
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
    needsNetwork: false,
    side: 'deliverer',
  },
  deliver: {
    button: 'Mark as Completed',
    title: 'Mark this delivery as completed?',
    description: 'Confirm that the item has been handed over to the requester.',
    confirm: 'Confirm',
    danger: false,
    success: 'Request completed successfully',
    failure: 'Failed to complete request',
    needsNetwork: false,
    side: 'deliverer',
  },
  cancel: {
    button: 'Cancel Request',
    title: 'Cancel this request?',
    description: 'This cannot be undone: the request will be cancelled for you and any deliverer.',
    confirm: 'Confirm',
    danger: true,
    success: 'Request cancelled successfully',
    failure: 'Failed to cancel request',
    // By the time the network returns a day scholar may have taken it on.
    needsNetwork: true,
    side: 'requester',
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
    needsNetwork: false,
    side: 'requester',
  },
  'cancel-delivery': {
    button: 'Cancel Delivery',
    title: 'Cancel this delivery?',
    description: 'You will no longer deliver this request; it goes back to the list for other day scholars.',
    confirm: 'Confirm',
    danger: true,
    success: 'Delivery cancelled successfully',
    failure: 'Failed to cancel delivery',
    needsNetwork: false,
    side: 'deliverer',
  },
};

/**
 * The requester's own request still waiting for a day scholar: what they want next is more eyes on it,
 * so sharing it is the page's main action (not cancelling it). A shared run's request is shared as the
 * run, on the run's page.
 */
export const sharesFirst = (request: DeliveryRequest) =>
  request.can.cancel && request.status === 'pending' && !request.isExpired && request.runId === null;

/** What the share sheet says with the link of a request: an invitation to bring it. */
export const shareText = (request: DeliveryRequest) =>
  `Can anyone bring ${request.itemName}? Delivery fee ${formatRupees(request.expectedPrice)}.`;

/** Each action is one thing to do: its toasts replace each other. */
export const actionToast = (action: RequestAction) => ({ ...REQUEST_TOAST, toastId: `request:${action}` });

/** A refusal of the handover code: wrong, or locked after too many wrong ones. */
export const isAboutCode = (error: ApiError) =>
  error.reason === 'handoverCodeWrong' || error.reason === 'handoverCodeLocked';
