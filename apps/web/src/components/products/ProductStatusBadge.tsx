import type { ProductStatus } from '@campusrun/shared';
import { Badge, type BadgeTone } from '@/components/ui/Badge';

const STATUS_BADGE: Record<ProductStatus, { label: string; tone: BadgeTone }> = {
  available: { label: 'Available', tone: 'green' },
  reserved: { label: 'Reserved', tone: 'amber' },
  sold: { label: 'Sold', tone: 'slate' },
};

/** A product's status: available green, reserved amber, sold slate (with words). */
export function ProductStatusBadge({ status, className }: { status: ProductStatus; className?: string }) {
  const { label, tone } = STATUS_BADGE[status];
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}
