import { type DeliveryRequest, HANDOVER_CODE, REQUEST_LABELS, REQUEST_LIMITS } from '@campusrun/shared';
import { useId } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, TextField } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useUpdateRequestStatus } from '@/api/requests';
import { ACTIONS, actionToast, isAboutCode } from './request-actions';

export interface DeliverDialogProps {
  open: boolean;
  onClose: () => void;
  request: DeliveryRequest;
}

/** As typed: the server checks them (a receipt amount it refuses is said at its field). */
interface DeliverValues {
  handoverCode: string;
  actualItemCost: string;
  deliveryNotes: string;
}

const DELIVER = ACTIONS.deliver;
const DELIVER_TOAST = actionToast('deliver');

/**
 * Marking a delivery completed: the handover code when the request asks for one, the receipt's
 * amount when it has an item cost, and notes. What was typed stays until it succeeds; a refusal of
 * the code or the amount shows at its field, any other in a toast.
 */
export function DeliverDialog({ open, onClose, request }: DeliverDialogProps) {
  const formId = useId();
  const mutation = useUpdateRequestStatus();
  const hasReceipt = request.itemCost !== null;
  const form = useForm<DeliverValues>({
    defaultValues: { handoverCode: '', actualItemCost: '', deliveryNotes: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = form;
  const fields: Path<DeliverValues>[] = [
    ...(request.handoverRequired ? (['handoverCode'] as const) : []),
    ...(hasReceipt ? (['actualItemCost'] as const) : []),
  ];
  const { onSubmit } = useServerSubmit(form, {
    fields,
    submit: (values) =>
      mutation.mutateAsync({
        id: request.id,
        action: 'deliver',
        deliveryNotes: values.deliveryNotes,
        handoverCode: values.handoverCode,
        actualItemCost: hasReceipt ? values.actualItemCost : undefined,
      }),
    onSuccess: () => {
      toast.success(DELIVER.success, DELIVER_TOAST);
      onClose();
      reset();
    },
    // The dialog stays open so the deliverer can try again or cancel; the refusal's reason says
    // whether it is about the code or the receipt, never its text.
    onError: (error) => {
      const field =
        request.handoverRequired && isAboutCode(error)
          ? 'handoverCode'
          : hasReceipt && error.reason === 'noItemCost'
            ? 'actualItemCost'
            : null;
      if (!field) return false;
      setError(
        field,
        { type: 'server', message: errorMessage(error, DELIVER.failure) },
        { shouldFocus: true },
      );
      return true;
    },
    fallback: DELIVER.failure,
    showGeneral: (message) => toast.error(message, DELIVER_TOAST),
  });
  const close = () => {
    if (mutation.isPending) return;
    // Each opening starts without the errors of the last one.
    clearErrors();
    onClose();
  };
  const code = register('handoverCode');

  return (
    <Dialog
      open={open}
      onClose={close}
      title={DELIVER.title}
      description={DELIVER.description}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            {DELIVER.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {request.handoverRequired && (
          <TextField
            label="Handover code"
            hint={`The ${HANDOVER_CODE.length}-digit code the requester shows on their request page.`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={HANDOVER_CODE.length}
            className="font-mono text-lg tracking-widest"
            error={errors.handoverCode?.message}
            {...code}
            onChange={(event) => {
              // Digits only, as they are typed.
              event.target.value = event.target.value.replace(/\D/g, '');
              return code.onChange(event);
            }}
          />
        )}
        {request.itemCost !== null && (
          <TextField
            label={REQUEST_LABELS.receipt}
            hint={`Optional: what the receipt says. The estimate was ${formatRupees(request.itemCost)}.`}
            type="number"
            inputMode="decimal"
            min={REQUEST_LIMITS.priceMin}
            step="any"
            error={errors.actualItemCost?.message}
            {...register('actualItemCost')}
          />
        )}
        <Field label="Delivery notes (optional)">
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={REQUEST_LIMITS.deliveryNotesMax}
              placeholder="e.g. Left it with the warden"
              {...register('deliveryNotes')}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
