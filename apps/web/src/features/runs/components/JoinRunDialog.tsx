import { type Run, type RunItemBody, runItemSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatRupees } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useJoinRun, RUN_TOAST } from '@/api/runs';
import { ITEM_FIELDS, RunItemFields, type RunItemValues, emptyItem } from './RunItemFields';

const resolver = zodResolver(runItemSchema) as unknown as Resolver<RunItemValues, unknown, RunItemBody>;
const JOIN_TOAST = { ...RUN_TOAST, toastId: 'run:join' };

export interface JoinRunDialogProps {
  run: Run;
  open: boolean;
  onClose: () => void;
  /** The run changed under the viewer (409): its page fetches it again. */
  onRefused: () => void;
}

/** Join a run with one's item; the share with them in shows before sending. */
export function JoinRunDialog({ run, open, onClose, onRefused }: JoinRunDialogProps) {
  const { user } = useAuth();
  const join = useJoinRun();
  const form = useForm<RunItemValues, unknown, RunItemBody>({
    resolver,
    defaultValues: emptyItem(user),
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: ITEM_FIELDS,
    submit: (item) => join.mutateAsync({ id: run.id, item }),
    onSuccess: () => {
      toast.success('You joined the run', JOIN_TOAST);
      reset();
      onClose();
    },
    // Closed to joining, full or changed (409): the dialog closes, the message shows as a toast and
    // the page fetches the run as it is now (which may offer no Join any more).
    onError: (error) => {
      if (error.status !== 409) return false;
      toast.error(errorMessage(error, 'Failed to join the run'), JOIN_TOAST);
      onClose();
      onRefused();
      return true;
    },
    fallback: 'Failed to join the run',
  });
  const close = () => {
    if (!isSubmitting) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Join this run"
      description={`Your share if you join: ${formatRupees(run.shareIfJoined)} (the ${formatRupees(run.totalFee)} fee split between ${run.participants + 1} people).`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="join-run-form" isLoading={isSubmitting}>
            Join run
          </Button>
        </>
      }
    >
      <form id="join-run-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <RunItemFields field={(name) => register(name)} errors={errors} />
        {generalError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
            {generalError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
