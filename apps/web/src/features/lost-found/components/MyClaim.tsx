import { LOST_FOUND_UI, type LostFoundPost } from '@campusrun/shared';
import { CircleCheck, Hand, MessageCircle, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useWithdrawLostFoundClaim } from '@/api/lost-found';
import { ConfirmDialog } from './ConfirmDialog';

const T = LOST_FOUND_UI.claim;

/**
 * The member's own claim on a found post, as it stands: waiting for the finder (with Withdraw, after a
 * confirmation: a withdrawn claim cannot be made again), accepted (with the chat with the finder),
 * withdrawn, or closed when it went back to someone else.
 */
export function MyClaim({
  post,
  claim,
}: {
  post: LostFoundPost;
  claim: NonNullable<LostFoundPost['myClaim']>;
}) {
  const withdraw = useWithdrawLostFoundClaim();
  const [asking, setAsking] = useState(false);
  const accepted = claim.status === 'accepted';
  const Icon = accepted ? CircleCheck : Hand;
  return (
    <div className="space-y-3">
      <p
        role="status"
        className={
          accepted
            ? 'flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-800 ring-1 ring-green-200'
            : 'flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200'
        }
      >
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{T.state[claim.status]}</span>
      </p>
      {accepted && (
        <Link
          to={paths.chatWith(post.poster.id)}
          className={buttonClasses({ className: 'w-full sm:w-auto' })}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          {T.openChat}
        </Link>
      )}
      {claim.status === 'open' && (
        <>
          <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setAsking(true)}>
            <Undo2 className="size-4" aria-hidden="true" />
            {T.withdraw}
          </Button>
          <ConfirmDialog
            open={asking}
            onClose={() => setAsking(false)}
            title={T.withdrawTitle}
            description={T.withdrawDescription}
            confirm={T.withdrawConfirm}
            danger
            pending={withdraw.isPending}
            onConfirm={() =>
              withdraw.mutate(
                { id: post.id, claimId: claim.id },
                {
                  onSuccess: ({ message }) => {
                    setAsking(false);
                    toast.success(message, { toastId: 'lost-found:claim' });
                  },
                  onError: (error) => {
                    setAsking(false);
                    toast.error(errorMessage(error, T.withdrawFailed), { toastId: 'lost-found:claim' });
                  },
                },
              )
            }
          />
        </>
      )}
    </div>
  );
}
