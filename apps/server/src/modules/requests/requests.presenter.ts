import type { DeliveryRequest } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import { canSeeContact } from './requests.policy';
import type { RequestRow } from './requests.repo';

/** PostgreSQL's ISO text (microseconds, any offset) as the API's ISO 8601 UTC with milliseconds. */
const iso = (t: string) => new Date(t).toISOString();
const isoOrNull = (t: string | null) => (t === null ? null : iso(t));

/** A request as `viewerId` may see it: contact details only for its deliverer while accepted. */
export function presentRequest(row: RequestRow, viewerId: string): DeliveryRequest {
  return {
    id: row.id,
    number: row.number,
    requesterId: row.requesterId,
    requester: { id: row.requesterId, name: row.requesterName, avatar: row.requesterAvatar },
    delivererId: row.delivererId,
    deliverer:
      row.delivererId && row.delivererName !== null
        ? { id: row.delivererId, name: row.delivererName, avatar: row.delivererAvatar }
        : null,
    itemName: row.itemName,
    description: row.description,
    quantity: row.quantity,
    expectedPrice: toRupees(row.expectedPrice),
    deadline: iso(row.deadline),
    deliveryLocation: row.deliveryLocation,
    isUrgent: row.isUrgent,
    category: row.category,
    status: row.status,
    deliveryNotes: row.deliveryNotes,
    createdAt: iso(row.createdAt),
    acceptedAt: isoOrNull(row.acceptedAt),
    deliveryTime: isoOrNull(row.deliveryTime),
    completedAt: isoOrNull(row.completedAt),
    cancelledAt: isoOrNull(row.cancelledAt),
    contact: canSeeContact(viewerId, row)
      ? {
          phoneNumber: row.requesterPhone,
          hostelBlock: row.requesterHostelBlock,
          roomNumber: row.requesterRoomNumber,
        }
      : null,
    viewerHasRated: row.viewerHasRated,
  };
}
