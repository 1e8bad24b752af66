import { PRODUCT_MESSAGES } from '@campusrun/shared';
import { PackageX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { paths } from '@/config/paths';

export function ProductNotFound() {
  return (
    <EmptyState
      icon={PackageX}
      title={PRODUCT_MESSAGES.notFound}
      description="It may have been removed by the seller, or the link is wrong."
      action={
        <Link to={paths.marketplace} className={buttonClasses()}>
          Back to Marketplace
        </Link>
      }
    />
  );
}
