import {
  DELIVERY_PROGRESS_WORDS,
  type DeliveryRequest,
  ON_THE_WAY,
  type OnTheWayBody,
  onTheWaySchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Chip } from '@/components/ui/Chip';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/Field';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { REQUEST_TOAST, useOnTheWay } from '@/api/requests';

const W = DELIVERY_PROGRESS_WORDS;
const ON_THE_WAY_TOAST = { ...REQUEST_TOAST, toastId: 'request:on-the-way' };

export interface OnTheWayDialogProps {
  open: boolean;
  onClose: () => void;
  request: DeliveryRequest;
}

interface OnTheWayValues {
  /** As typed (the shared rule reads it as a whole number of minutes). */
  minutes: string;
}

const resolver = zodResolver(onTheWaySchema) as unknown as Resolver<OnTheWayValues, unknown, OnTheWayBody>;

/**
 * "On my way": about how many minutes until the deliverer arrives (1 to 120), typed or picked (5,
 * 10, 15, 30). Checked with the shared rule before it is sent; the requester sees the countdown.
 */
export function OnTheWayDialog({ open, onClose, request }: OnTheWayDialogProps) {
  const formId = useId();
  const mutation = useOnTheWay();
  const form = useForm<OnTheWayValues, unknown, OnTheWayBody>({
    resolver,
    defaultValues: { minutes: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    clearErrors,
    setValue,
    control,
    formState: { errors },
  } = form;
  const { onSubmit } = useServerSubmit(form, {
    fields: ['minutes'],
    submit: ({ minutes }) => mutation.mutateAsync({ id: request.id, minutes }),
    onSuccess: () => {
      toast.success(W.sent, ON_THE_WAY_TOAST);
      reset();
      onClose();
    },
    fallback: W.failed,
    showGeneral: (message) => toast.error(message, ON_THE_WAY_TOAST),
  });
  const close = () => {
    if (mutation.isPending) return;
    clearErrors();
    onClose();
  };
  const typed = useWatch({ control, name: 'minutes' });
  return (
    <Dialog
      open={open}
      onClose={close}
      title={W.dialogTitle}
      description={W.dialogDescription}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            {W.send}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
        <div role="group" aria-label={W.quickPicks} className="flex flex-wrap gap-2">
          {ON_THE_WAY.quickPicks.map((minutes) => (
            <Chip
              key={minutes}
              pressed={typed === String(minutes)}
              onClick={() => {
                clearErrors('minutes');
                setValue('minutes', String(minutes), { shouldDirty: true });
              }}
            >
              {W.minutesShort(minutes)}
            </Chip>
          ))}
        </div>
        <TextField
          label={W.minutesLabel}
          type="number"
          inputMode="numeric"
          min={ON_THE_WAY.minutesMin}
          max={ON_THE_WAY.minutesMax}
          step={1}
          error={errors.minutes?.message}
          {...register('minutes')}
        />
      </form>
    </Dialog>
  );
}
