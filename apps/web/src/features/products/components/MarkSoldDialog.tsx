import type { Product } from '@campusrun/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useBuyerCandidates, useMarkSold } from '@/api/products';

const SOMEONE_ELSE = '';

/**
 * Mark Sold: to one of the users who messaged the seller about the product or made an offer on it
 * (then both may review each other), or to someone else. The buyer whose offer was accepted is
 * chosen until the seller picks another.
 */
export function MarkSoldDialog({
  product,
  open,
  onClose,
}: {
  product: Product;
  open: boolean;
  onClose: () => void;
}) {
  const buyers = useBuyerCandidates(product.id, open);
  const mutation = useMarkSold(product.id);
  const [picked, setPicked] = useState<string | null>(null);
  const acceptedId = buyers.data?.acceptedBuyerId ?? null;
  const choice = picked ?? acceptedId ?? SOMEONE_ELSE;
  const acceptedHint = useId();
  const submit = async () => {
    try {
      await mutation.mutateAsync(choice === SOMEONE_ELSE ? null : choice);
      toast.success('Product marked as sold', { toastId: 'product:mark-sold' });
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update product'), { toastId: 'product:mark-sold' });
    }
  };
  const options = [
    ...(buyers.data?.buyers ?? []).map((b) => ({ id: b.id, label: b.name })),
    { id: SOMEONE_ELSE, label: 'Someone else' },
  ];
  return (
    <Dialog
      open={open}
      onClose={() => !mutation.isPending && onClose()}
      title="Who bought it?"
      description="Name the buyer to review each other. Saved and pending offers are closed."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={mutation.isPending} disabled={buyers.isPending}>
            Mark Sold
          </Button>
        </>
      }
    >
      {buyers.isPending ? (
        <p className="text-sm text-slate-600">Loading buyers…</p>
      ) : (
        <fieldset>
          <legend className="sr-only">Buyer</legend>
          {buyers.isError && (
            <p role="alert" className="mb-2 text-sm text-red-700">
              Could not load who messaged you; you can still choose someone else.
            </p>
          )}
          <div className="space-y-2">
            {options.map((o) => (
              <label
                key={o.id || 'else'}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 ring-1 ring-slate-200 has-checked:ring-2 has-checked:ring-indigo-600"
              >
                <input
                  type="radio"
                  name="buyer"
                  value={o.id}
                  checked={choice === o.id}
                  onChange={() => setPicked(o.id)}
                  // The name alone; the accepted offer is its description.
                  aria-label={o.label}
                  aria-describedby={o.id === acceptedId ? acceptedHint : undefined}
                  className="size-4 accent-indigo-600"
                />
                <span className="text-sm text-slate-900">{o.label}</span>
                {o.id === acceptedId && (
                  <span id={acceptedHint} className="ml-auto text-xs text-slate-500">
                    Accepted offer
                  </span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </Dialog>
  );
}
