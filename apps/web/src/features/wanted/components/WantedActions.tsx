import type { WantedPost } from '@campusrun/shared';
import { RefreshCw, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCloseWanted, useDeleteWanted, useRenewWanted } from '@/api/wanted';
import { wantedState } from './wanted-state';

const TOAST = { toastId: 'wanted:change' } as const;

/** Asks before an action that cannot be taken back (Close hides it; Delete removes it). */
function Confirm({
  open,
  onClose,
  title,
  description,
  confirm,
  onConfirm,
  pending,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirm: string;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={pending}>
            {confirm}
          </Button>
        </>
      }
    />
  );
}

/**
 * The poster's Renew (14 more days from now; an expired or closed post opens again), Close (found
 * it, or no longer wanted: it leaves every list) and Delete, each after its own confirmation where
 * it cannot be taken back. The server's words in a toast.
 */
export function WantedActions({ post }: { post: WantedPost }) {
  const navigate = useNavigate();
  const renew = useRenewWanted();
  const close = useCloseWanted();
  const remove = useDeleteWanted();
  const [asking, setAsking] = useState<'close' | 'delete' | null>(null);
  const state = wantedState(post);
  const failed = (fallback: string) => (error: Error) => toast.error(errorMessage(error, fallback), TOAST);

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant={state === 'open' ? 'secondary' : 'primary'}
        className="flex-1 sm:flex-none"
        isLoading={renew.isPending}
        onClick={() =>
          renew.mutate(post.id, {
            onSuccess: ({ message }) => toast.success(message, TOAST),
            onError: failed('Could not renew this wanted post'),
          })
        }
      >
        {!renew.isPending && <RefreshCw className="size-4" aria-hidden="true" />}
        {state === 'open' ? 'Renew' : 'Reopen'}
      </Button>
      {state === 'open' && (
        <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => setAsking('close')}>
          <XCircle className="size-4" aria-hidden="true" />
          Close
        </Button>
      )}
      <Button variant="danger-outline" className="flex-1 sm:flex-none" onClick={() => setAsking('delete')}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
      <Confirm
        open={asking === 'close'}
        onClose={() => setAsking(null)}
        title="Close this wanted post?"
        description="It leaves the marketplace and nobody can answer it any more. You can reopen it later."
        confirm="Close post"
        pending={close.isPending}
        onConfirm={() =>
          close.mutate(post.id, {
            onSuccess: ({ message }) => {
              setAsking(null);
              toast.success(message, TOAST);
            },
            onError: failed('Could not close this wanted post'),
          })
        }
      />
      <Confirm
        open={asking === 'delete'}
        onClose={() => setAsking(null)}
        title="Delete this wanted post?"
        description={`“${post.title}” will be removed. This cannot be undone.`}
        confirm="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: ({ message }) => {
              toast.success(message, TOAST);
              navigate(paths.wantedList, { replace: true });
            },
            onError: failed('Could not delete this wanted post'),
          })
        }
      />
    </div>
  );
}
