import { PRODUCT_MESSAGES, type Product, type ProductStatus } from '@campusrun/shared';
import { CheckCircle2, Clock, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { OfflineReason, useOfflineReason } from '@/components/OfflineReason';
import { Dialog } from '@/components/ui/Dialog';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { deferredComponent } from '@/lib/deferred';
import { useDeleteProduct, useUpdateProductStatus } from '@/api/products';
import { ListingLifetime } from './ListingLifetime';
import type { MarkSoldDialogProps } from './MarkSoldDialog';

/** Mark Sold's dialog, with its form, loads after the first screen or when it opens. */
const MarkSoldDialog = deferredComponent<MarkSoldDialogProps>(() =>
  import('./MarkSoldDialog').then((m) => m.MarkSoldDialog),
);

const STATUS_ACTIONS: {
  status: ProductStatus;
  label: string;
  done: string;
  icon: typeof Clock;
  /** The `can` flag the server sets when this change is allowed. */
  can: 'edit' | 'markSold';
}[] = [
  {
    status: 'reserved',
    label: 'Mark Reserved',
    done: 'Product marked as reserved',
    icon: Clock,
    can: 'edit',
  },
  { status: 'sold', label: 'Mark Sold', done: 'Product marked as sold', icon: CheckCircle2, can: 'markSold' },
  {
    status: 'available',
    label: 'Mark Available',
    done: 'Product is available again',
    icon: RotateCcw,
    can: 'edit',
  },
];

/**
 * The seller's controls, as `can` allows: status changes and delete (with a confirmation dialog).
 * Mark Sold names a buyer and closes the other offers, so it is never kept to be sent later: offline
 * it is off, with the reason under the buttons.
 */
export function OwnerActions({ product }: { product: Product }) {
  const navigate = useNavigate();
  const { offline, describedBy } = useOfflineReason();
  const statusMutation = useUpdateProductStatus();
  const deleteMutation = useDeleteProduct();
  const [confirming, setConfirming] = useState(false);
  const pendingStatus = statusMutation.isPending ? statusMutation.variables?.status : undefined;
  const actions = STATUS_ACTIONS.filter(
    (action) => product.can[action.can] && action.status !== product.status,
  );
  const held = (status: ProductStatus) => offline && status === 'sold';

  const [sellingTo, setSellingTo] = useState(false);

  const setStatus = async (status: ProductStatus, done: string) => {
    // Marking it sold asks whom it was sold to first.
    if (status === 'sold') return setSellingTo(true);
    try {
      await statusMutation.mutateAsync({ id: product.id, status });
      toast.success(done, { toastId: 'product:status' });
    } catch (error) {
      toast.error(errorMessage(error, PRODUCT_MESSAGES.updateFailed), { toastId: 'product:status' });
    }
  };

  const remove = async () => {
    try {
      await deleteMutation.mutateAsync(product.id);
      setConfirming(false);
      toast.success('Product deleted', { toastId: 'product:delete' });
      navigate(paths.marketplace, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete product'), { toastId: 'product:delete' });
    }
  };

  return (
    <section
      aria-labelledby="manage-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="manage-heading" className="text-sm font-medium text-slate-500">
        Manage your listing
      </h2>
      <div className="mt-3 grid grid-cols-2 gap-2">
        {actions.map(({ status, label, done, icon: Icon }) => (
          <Button
            key={status}
            variant="secondary"
            size="sm"
            onClick={() => void setStatus(status, done)}
            isLoading={pendingStatus === status}
            disabled={statusMutation.isPending || held(status)}
            aria-describedby={held(status) ? describedBy : undefined}
          >
            {pendingStatus !== status && <Icon className="size-4" aria-hidden="true" />}
            {label}
          </Button>
        ))}
        {actions.some(({ status }) => held(status)) && (
          <OfflineReason id={describedBy} className="col-span-2" />
        )}
        {product.can.edit && <ListingLifetime product={product} />}
        {product.can.delete && (
          <Button
            variant="danger-outline"
            size="sm"
            className="col-span-2"
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </Button>
        )}
      </div>

      <MarkSoldDialog product={product} open={sellingTo} onClose={() => setSellingTo(false)} />
      <Dialog
        open={confirming}
        onClose={() => !deleteMutation.isPending && setConfirming(false)}
        title="Delete this product?"
        description={`"${product.name}" and its photos will be removed from the marketplace. This cannot be undone.`}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setConfirming(false)}
              disabled={deleteMutation.isPending}
            >
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void remove()} isLoading={deleteMutation.isPending}>
              Delete
            </Button>
          </>
        }
      />
    </section>
  );
}
