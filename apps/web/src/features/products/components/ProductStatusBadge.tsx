import type { ProductStatus } from '@campusrun/shared';
import { Badge } from '@/components/ui/Badge';
import { STATUS_BADGE } from './options';

export function ProductStatusBadge({ status, className }: { status: ProductStatus; className?: string }) {
  const { label, tone } = STATUS_BADGE[status];
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}
