import type { DeliveryRequest, RequestStatus } from '@campusrun/shared';
import { Badge, type BadgeTone } from '@/components/ui/Badge';

const tones: Record<RequestStatus, BadgeTone> = {
  pending: 'amber',
  accepted: 'blue',
  completed: 'green',
  cancelled: 'slate',
};

const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Badge colours: pending amber, accepted blue, completed green, cancelled slate (with words). */
function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge tone={tones[status]}>{STATUS_LABELS[status]}</Badge>;
}

/**
 * The request's state as the viewer should read it: its status, or Expired for a pending request
 * whose deadline passed (the server says which).
 */
export function RequestStateBadge({ request }: { request: Pick<DeliveryRequest, 'status' | 'isExpired'> }) {
  return request.isExpired ? (
    <Badge tone="red">Expired</Badge>
  ) : (
    <RequestStatusBadge status={request.status} />
  );
}

export function UrgentBadge() {
  return <Badge tone="red">Urgent</Badge>;
}
