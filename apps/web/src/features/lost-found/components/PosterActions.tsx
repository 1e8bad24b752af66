import { LOST_FOUND_UI, type LostFoundPost } from '@campusrun/shared';
import { CircleCheck, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteLostFound, useRenewLostFound, useResolveLostFound } from '@/api/lost-found';
import { ConfirmDialog } from './ConfirmDialog';

const T = LOST_FOUND_UI.poster;
const TOAST = { toastId: 'lost-found:change' } as const;

/**
 * The poster's Renew (30 more days from now; an expired post comes back), Mark resolved (it is back
 * with its owner: the post leaves the lists and its open claims close) and Delete, the last two after
 * a confirmation. A resolved post keeps Delete only. The server's words in a toast.
 */
export function PosterActions({ post }: { post: LostFoundPost }) {
  const navigate = useNavigate();
  const renew = useRenewLostFound();
  const resolve = useResolveLostFound();
  const remove = useDeleteLostFound();
  const [asking, setAsking] = useState<'resolve' | 'delete' | null>(null);
  const failed = (fallback: string) => (error: Error) => toast.error(errorMessage(error, fallback), TOAST);
  const resolved = post.state === 'resolved';

  return (
    <div className="flex flex-wrap gap-2">
      {!resolved && (
        <Button
          variant={post.state === 'expired' ? 'primary' : 'secondary'}
          className="flex-1 sm:flex-none"
          isLoading={renew.isPending}
          onClick={() =>
            renew.mutate(post.id, {
              onSuccess: ({ message }) => toast.success(message, TOAST),
              onError: failed(T.renewFailed),
            })
          }
        >
          {!renew.isPending && <RefreshCw className="size-4" aria-hidden="true" />}
          {T.renew}
        </Button>
      )}
      {!resolved && (
        <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => setAsking('resolve')}>
          <CircleCheck className="size-4" aria-hidden="true" />
          {T.resolve}
        </Button>
      )}
      <Button variant="danger-outline" className="flex-1 sm:flex-none" onClick={() => setAsking('delete')}>
        <Trash2 className="size-4" aria-hidden="true" />
        {T.delete}
      </Button>
      <ConfirmDialog
        open={asking === 'resolve'}
        onClose={() => setAsking(null)}
        title={T.resolveTitle}
        description={T.resolveDescription[post.kind]}
        confirm={T.resolve}
        pending={resolve.isPending}
        onConfirm={() =>
          resolve.mutate(post.id, {
            onSuccess: ({ message }) => {
              setAsking(null);
              toast.success(message, TOAST);
            },
            onError: failed(T.resolveFailed),
          })
        }
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onClose={() => setAsking(null)}
        title={T.deleteTitle}
        description={T.deleteDescription(post.title)}
        confirm={T.delete}
        danger
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: ({ message }) => {
              toast.success(message, TOAST);
              navigate(paths.lostFoundList, { replace: true });
            },
            onError: failed(T.deleteFailed),
          })
        }
      />
    </div>
  );
}
