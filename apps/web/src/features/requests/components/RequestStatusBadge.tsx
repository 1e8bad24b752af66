import type { RequestStatus } from '@campusrun/shared';
import { Badge, type BadgeTone } from '@/components/ui/Badge';

const tones: Record<RequestStatus, BadgeTone> = {
  pending: 'amber',
  accepted: 'blue',
  completed: 'green',
  cancelled: 'slate',
};

export const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** DESIGN: pending amber, accepted blue, completed green, cancelled slate (with words). */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge tone={tones[status]}>{STATUS_LABELS[status]}</Badge>;
}

export function UrgentBadge() {
  return <Badge tone="red">Urgent</Badge>;
}
