import type { DeliveryRequest } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import {
  canSeeContact,
  canSeeHandoverCode,
  counterpartOf,
  isExpired,
  isHandoverLocked,
  requestCan,
  viewerRatingType,
  type Viewer,
} from './requests.policy';
import type { RequestRow } from './requests.repo';

/**
 * Any day scholar who is not a party: how a request on the available list looks to all of them alike
 * (no contact details, nothing rated), for pushing one presentation to every day scholar. No user
 * has the empty id, so no party rule ever matches it.
 */
export const ANY_DAY_SCHOLAR: Viewer = { id: '', role: 'dayscholar' };

/**
 * A request as `viewer` may see it: contact details only for its deliverer while accepted, the
 * handover code (opened with `revealCode`) only for its requester while accepted; `can` and the rest
 * of the viewer's fields from the policy (requests.policy.ts), as of `now`.
 */
export function presentRequest(
  row: RequestRow,
  viewer: Viewer,
  now = new Date(),
  revealCode: (sealed: string) => string | null = () => null,
): DeliveryRequest {
  const state = {
    status: row.status,
    requesterId: row.requesterId,
    delivererId: row.delivererId,
    deadline: new Date(row.deadline),
    givenUpBy: row.givenUpBy,
    handoverRequired: row.handoverRequired,
    handoverAttempts: row.handoverAttempts,
    pickedUpAt: row.pickedUpAt === null ? null : new Date(row.pickedUpAt),
    runId: row.runId,
  };
  const requester = { id: row.requesterId, name: row.requesterName, avatar: row.requesterAvatar };
  const deliverer =
    row.delivererId && row.delivererName !== null
      ? { id: row.delivererId, name: row.delivererName, avatar: row.delivererAvatar }
      : null;
  const counterpart = counterpartOf(viewer.id, state);
  return {
    id: row.id,
    number: row.number,
    requesterId: row.requesterId,
    requester,
    delivererId: row.delivererId,
    deliverer,
    itemName: row.itemName,
    description: row.description,
    quantity: row.quantity,
    expectedPrice: toRupees(row.expectedPrice),
    itemCost: row.itemCost === null ? null : toRupees(row.itemCost),
    actualItemCost: row.actualItemCost === null ? null : toRupees(row.actualItemCost),
    pickupFrom: row.pickupFrom,
    tripId: row.tripId,
    runId: row.runId,
    deadline: row.deadline,
    deliveryLocation: row.deliveryLocation,
    isUrgent: row.isUrgent,
    category: row.category,
    status: row.status,
    deliveryNotes: row.deliveryNotes,
    createdAt: row.createdAt,
    acceptedAt: row.acceptedAt,
    pickedUpAt: row.pickedUpAt,
    onTheWayAt: row.onTheWayAt,
    arrivalEta: row.arrivalEta,
    deliveryTime: row.deliveryTime,
    completedAt: row.completedAt,
    cancelledAt: row.cancelledAt,
    contact: canSeeContact(viewer.id, row)
      ? {
          phoneNumber: row.requesterPhone,
          hostelBlock: row.requesterHostelBlock,
          roomNumber: row.requesterRoomNumber,
        }
      : null,
    handoverRequired: row.handoverRequired,
    handoverCode:
      row.handoverCodeSealed !== null && canSeeHandoverCode(viewer.id, row)
        ? revealCode(row.handoverCodeSealed)
        : null,
    handoverLocked: isHandoverLocked(row),
    viewerHasRated: row.viewerHasRated,
    viewerRating: row.viewerRating,
    isExpired: isExpired(state, now),
    counterpart: counterpart === 'requester' ? requester : counterpart === 'deliverer' ? deliverer : null,
    ratingType: viewerRatingType(viewer.id, state),
    can: requestCan(viewer, state, now, row.viewerHasRated, row.partiesBlocked),
  };
}
