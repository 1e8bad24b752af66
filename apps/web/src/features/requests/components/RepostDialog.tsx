import { type RepostRequestBody, repostRequestSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/Field';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { REQUEST_TOAST, useRepostRequest } from '@/api/requests';
import { localDeadlineField, minDeadline } from './deadline-input';

export interface RepostDialogProps {
  open: boolean;
  onClose: () => void;
  requestId: string;
}

interface RepostValues {
  /** datetime-local value */
  deadline: string;
}

/** The shared rule, with the deadline read from the datetime-local picker. */
const resolver = zodResolver(
  repostRequestSchema.extend({ deadline: localDeadlineField }),
) as unknown as Resolver<RepostValues, unknown, RepostRequestBody>;
const REPOST_TOAST = { ...REQUEST_TOAST, toastId: 'request:repost' };

/** Repost: the expired request goes back on the list with the new deadline the requester picks. */
export function RepostDialog({ open, onClose, requestId }: RepostDialogProps) {
  const formId = useId();
  const mutation = useRepostRequest();
  const form = useForm<RepostValues, unknown, RepostRequestBody>({
    resolver,
    defaultValues: { deadline: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    clearErrors,
    formState: { errors },
  } = form;
  const { onSubmit } = useServerSubmit(form, {
    fields: ['deadline'],
    submit: ({ deadline }) => mutation.mutateAsync({ id: requestId, deadline }),
    onSuccess: () => {
      toast.success('Request reposted successfully', REPOST_TOAST);
      reset();
      onClose();
    },
    fallback: 'Failed to repost request',
    showGeneral: (message) => toast.error(message, REPOST_TOAST),
  });
  const close = () => {
    if (mutation.isPending) return;
    clearErrors();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Repost this request?"
      description="Its deadline has passed. Pick a new one and it goes back to the day scholars' list."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            Repost
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextField
          label="New deadline"
          type="datetime-local"
          min={minDeadline()}
          error={errors.deadline?.message}
          {...register('deadline')}
        />
      </form>
    </Dialog>
  );
}
