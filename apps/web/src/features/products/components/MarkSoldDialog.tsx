import { type MarkSoldBody, type Product, markSoldSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { OfflineReason, useOfflineReason } from '@/components/OfflineReason';
import { Dialog } from '@/components/ui/Dialog';
import { formatRupees } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useBuyerCandidates, useMarkSold } from '@/api/products';

export interface MarkSoldDialogProps {
  product: Product;
  open: boolean;
  onClose: () => void;
}

const SOMEONE_ELSE = '';
const MARK_SOLD_TOAST = { toastId: 'product:mark-sold' };

interface MarkSoldValues {
  /** The buyer's id, or SOMEONE_ELSE. */
  buyerId: string;
}

/** The shared rule, with "Someone else" sent as no buyer. */
const resolver = zodResolver(
  z.object({
    buyerId: z.preprocess((id) => (id === SOMEONE_ELSE ? null : id), markSoldSchema.shape.buyerId),
  }),
) as unknown as Resolver<MarkSoldValues, unknown, MarkSoldBody>;

/**
 * Mark Sold: to one of the users who messaged the seller about the product or made an offer on it
 * (then both may review each other), or to someone else. The buyer whose offer was accepted is
 * chosen until the seller picks another. A refusal shows in a toast. Offline it cannot be sent (it
 * would close offers that may have changed by the time the network returns).
 */
export function MarkSoldDialog({ product, open, onClose }: MarkSoldDialogProps) {
  const formId = useId();
  const { offline, describedBy } = useOfflineReason();
  const buyers = useBuyerCandidates(product.id, open);
  const mutation = useMarkSold(product.id);
  const [picked, setPicked] = useState<string | null>(null);
  const acceptedId = buyers.data?.acceptedBuyerId ?? null;
  const choice = picked ?? acceptedId ?? SOMEONE_ELSE;
  const acceptedHint = useId();
  const form = useForm<MarkSoldValues, unknown, MarkSoldBody>({
    resolver,
    values: { buyerId: choice },
    reValidateMode: 'onSubmit',
  });
  const { onSubmit } = useServerSubmit(form, {
    fields: [],
    submit: ({ buyerId }) => mutation.mutateAsync(buyerId ?? null),
    onSuccess: () => {
      toast.success('Product marked as sold', MARK_SOLD_TOAST);
      onClose();
    },
    fallback: 'Failed to update product',
    showGeneral: (message) => toast.error(message, MARK_SOLD_TOAST),
  });
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
          <Button
            type="submit"
            form={formId}
            isLoading={mutation.isPending}
            disabled={buyers.isPending || offline}
            aria-describedby={describedBy}
          >
            Mark Sold
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
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
        {!buyers.isPending && (
          <p role="status" className="mt-3 text-sm font-medium text-slate-900">
            {choice === SOMEONE_ELSE
              ? 'Nobody will owe you for it on CampusRun.'
              : `${options.find((o) => o.id === choice)?.label ?? 'The buyer'} will owe you ${formatRupees(
                  choice === acceptedId ? (buyers.data?.acceptedAmount ?? product.price) : product.price,
                )} once they confirm.`}
          </p>
        )}
        <OfflineReason id={describedBy} className="mt-3" />
      </form>
    </Dialog>
  );
}
