import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { REQUEST_TOAST, useRepostRequest } from '@/api/requests';
import { localDeadlineField, minDeadline } from './deadline-input';

export interface RepostDialogProps {
  open: boolean;
  onClose: () => void;
  requestId: string;
}

/** Repost: the expired request goes back on the list with the new deadline the requester picks. */
export function RepostDialog({ open, onClose, requestId }: RepostDialogProps) {
  const [deadline, setDeadline] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useRepostRequest();
  const close = () => {
    if (mutation.isPending) return;
    setError(undefined);
    onClose();
  };
  const confirm = async () => {
    const parsed = localDeadlineField.safeParse(deadline);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      await mutation.mutateAsync({ id: requestId, deadline: parsed.data });
      toast.success('Request reposted successfully', { ...REQUEST_TOAST, toastId: 'request:repost' });
      setDeadline('');
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to repost request'), {
        ...REQUEST_TOAST,
        toastId: 'request:repost',
      });
    }
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
          <Button onClick={() => void confirm()} isLoading={mutation.isPending}>
            Repost
          </Button>
        </>
      }
    >
      <TextField
        label="New deadline"
        type="datetime-local"
        min={minDeadline()}
        value={deadline}
        error={error}
        onChange={(event) => {
          setDeadline(event.target.value);
          setError(undefined);
        }}
      />
    </Dialog>
  );
}
