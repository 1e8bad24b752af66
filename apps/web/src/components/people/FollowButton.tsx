import type { FollowState } from '@campusrun/shared';
import { Check, UserPlus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSetFollowing } from '@/api/people';

/**
 * Follow / Following: pressed while the viewer follows the seller (told of their new listings);
 * pressing it again unfollows. The change shows at once and is put back, with the server's reason,
 * when it is refused. Not drawn where the server would not take a follow (oneself, a member who does
 * not sell, across a block) unless the viewer already follows them.
 */
export function FollowButton({
  user,
  state,
  className,
}: {
  user: { id: string; name: string };
  state: FollowState;
  className?: string;
}) {
  const mutation = useSetFollowing();
  if (!state.following && !state.canFollow) return null;
  const following = state.following;
  const toggle = () => {
    // One change at a time: a second press waits for the first answer.
    if (mutation.isPending) return;
    mutation.mutate(
      { userId: user.id, follow: !following },
      {
        onError: (error) =>
          toast.error(
            errorMessage(
              error,
              following ? `Could not unfollow ${user.name}` : `Could not follow ${user.name}`,
            ),
            { toastId: 'user:follow' },
          ),
      },
    );
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={following}
      // The name the button shows, and whom it is about.
      aria-label={`${following ? 'Following' : 'Follow'} ${user.name}`}
      className={buttonClasses({ variant: 'secondary', className })}
    >
      {following ? (
        <Check className="size-4 text-indigo-600" aria-hidden="true" />
      ) : (
        <UserPlus className="size-4" aria-hidden="true" />
      )}
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
