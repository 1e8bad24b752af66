import type { OfferStatus } from '@campusrun/shared';
import { Badge, type BadgeTone } from '@/components/ui/Badge';

const OFFER_BADGE: Record<OfferStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
  withdrawn: { label: 'Withdrawn', tone: 'slate' },
};

/** An offer's status, on the product page and on its card in chat. */
export function OfferStatusBadge({ status, className }: { status: OfferStatus; className?: string }) {
  const { label, tone } = OFFER_BADGE[status];
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}
