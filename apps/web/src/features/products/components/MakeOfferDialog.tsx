import {
  type CreateOfferBody,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  type Product,
  createOfferSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/Field';
import { formatRupees } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { askForPushAfter } from '@/lib/push-ask';
import { toast } from '@/lib/toast';
import { useMakeOffer } from '@/api/products';

export interface MakeOfferDialogProps {
  product: Product;
  open: boolean;
  onClose: () => void;
}

interface OfferValues {
  /** As typed. */
  amount: string;
}

/**
 * The shared rule (whole rupees, at least ₹1), read from the text typed (what is no number is not a
 * whole number of rupees), and at most 10× this product's price, which the server checks again.
 */
const offerResolver = (price: number) =>
  zodResolver(
    z.object({
      amount: z
        .string()
        .refine((typed) => typed.trim() === '' || !Number.isNaN(Number(typed)), OFFER_MESSAGES.amountInvalid)
        .transform((typed): unknown => typed)
        .pipe(createOfferSchema.shape.amount)
        .refine((amount) => amount <= price * OFFER_LIMITS.maxTimesPrice, OFFER_MESSAGES.amountMax),
    }),
  ) as unknown as Resolver<OfferValues, unknown, CreateOfferBody>;

/** "Make an offer": whole rupees, 1 to 10× the price; a refusal shows at the amount. */
export function MakeOfferDialog({ product, open, onClose }: MakeOfferDialogProps) {
  const formId = useId();
  const mutation = useMakeOffer(product.id);
  const resolver = useMemo(() => offerResolver(product.price), [product.price]);
  const form = useForm<OfferValues, unknown, CreateOfferBody>({
    resolver,
    defaultValues: { amount: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    setError,
    formState: { errors },
  } = form;
  const { onSubmit } = useServerSubmit(form, {
    fields: ['amount'],
    submit: ({ amount }) => mutation.mutateAsync(amount),
    onSuccess: ({ message }) => {
      toast.success(message, { toastId: 'offer:make' });
      askForPushAfter('offer');
      reset();
      onClose();
    },
    fallback: 'Could not send the offer',
    showGeneral: (message) => setError('amount', { type: 'server', message }),
  });
  return (
    <Dialog
      open={open}
      onClose={() => !mutation.isPending && onClose()}
      title="Make an offer"
      description={`${product.seller.name} asks ${formatRupees(product.price)}. Your offer appears in your chat with them.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            Send offer
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextField
          label="Your offer (₹)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
      </form>
    </Dialog>
  );
}
