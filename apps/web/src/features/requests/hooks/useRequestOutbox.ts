import { useEffect } from 'react';
import { useOnline } from '@/lib/online';
import { toast } from '@/lib/toast';
import { REQUEST_TOAST, useCreateRequest } from '@/api/requests';
import { postQueued, useQueuedRequests } from '../outbox';

/**
 * Posts the requests written offline as soon as the network is back, wherever the member is in the
 * app: each once, with a toast, and nobody is moved to another screen.
 */
export function useRequestOutbox(): void {
  const online = useOnline();
  const waiting = useQueuedRequests().some((item) => item.state === 'queued');
  const { mutateAsync } = useCreateRequest();
  useEffect(() => {
    if (!online || !waiting) return;
    void postQueued(mutateAsync, (item) =>
      toast.success(`Request posted: ${item.body.itemName}`, {
        ...REQUEST_TOAST,
        toastId: `posted:${item.key}`,
      }),
    );
  }, [online, waiting, mutateAsync]);
}
