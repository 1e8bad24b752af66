import { type DeliveryRequest, HANDOVER_CODE, REQUEST_LABELS, REQUEST_LIMITS } from '@campusrun/shared';
import { useId } from 'react';
import { type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, TextField } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { type ApiError, errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useUpdateRequestStatus } from '@/api/requests';
import { noteOwnMove } from '../own-moves';
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

type RefusedField = 'handoverCode' | 'actualItemCost';

/** Where a refusal is shown: at the code (by its reason, never its text), at the receipt, or in a toast (null). */
function refusedField(request: DeliveryRequest, error: ApiError): RefusedField | null {
  if (request.handoverRequired && isAboutCode(error)) return 'handoverCode';
  if (request.itemCost !== null && error.reason === 'noItemCost') return 'actualItemCost';
  return null;
}

/**
 * A refusal under its field, which takes the focus so its message is read with it. A wrong code stays,
 * selected, so the next digits typed replace it (or it can be corrected); a locked one is of no more
 * use and is cleared.
 */
function showAtField(form: UseFormReturn<DeliverValues>, field: RefusedField, error: ApiError) {
  form.setError(field, { type: 'server', message: errorMessage(error, DELIVER.failure) });
  const isCode = field === 'handoverCode';
  const locked = isCode && error.reason === 'handoverCodeLocked';
  if (locked) form.setValue('handoverCode', '');
  form.setFocus(field, { shouldSelect: isCode && !locked });
}

/**
 * Marking a delivery completed: the handover code when the request asks for one, the receipt's
 * amount when it has an item cost, and notes. What was typed stays until it succeeds (but a code
 * that is locked); a refusal of the code or the amount shows at its field, which takes the focus, any
 * other in a toast.
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
    onSuccess: (after) => {
      noteOwnMove(request, after, DELIVER.side);
      toast.success(DELIVER.success, DELIVER_TOAST);
      onClose();
      reset();
    },
    // The dialog stays open so the deliverer can try again or cancel; the refusal's reason says
    // whether it is about the code or the receipt, never its text.
    onError: (error) => {
      const field = refusedField(request, error);
      if (field) showAtField(form, field, error);
      return field !== null;
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
            hint={REQUEST_LABELS.receiptHint(formatRupees(request.itemCost))}
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
