import { Ban } from 'lucide-react';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProfileLink } from '@/components/people/ProfileLink';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useBlockedUsers, useSetBlocked } from '@/api/people';

/** The users the signed-in user blocks, each with Unblock. */
export function BlockedUsers() {
  const blocked = useBlockedUsers();
  const setBlocked = useSetBlocked();
  const unblock = async (userId: string) => {
    try {
      toast.success((await setBlocked.mutateAsync({ userId, blocked: false })).message, {
        toastId: 'user:block',
      });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to unblock user'), { toastId: 'user:block' });
    }
  };

  if (blocked.isPending)
    return (
      <div className="mt-4 space-y-3" role="status" aria-label="Loading blocked users">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    );
  if (blocked.isError)
    return (
      <ErrorState
        title="Failed to load blocked users"
        error={blocked.error}
        onRetry={() => void blocked.refetch()}
        isRetrying={blocked.isFetching}
      />
    );
  if (blocked.data.length === 0)
    return (
      <EmptyState
        icon={Ban}
        title="You have not blocked anyone"
        description="Block someone from your chat with them: neither of you can then message the other or see the other's listings."
      />
    );
  return (
    <ul className="mt-4 divide-y divide-slate-100">
      {blocked.data.map((user) => (
        <li key={user.id} className="flex items-center gap-3 py-3">
          <Avatar id={user.id} name={user.name} src={user.avatar} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">
              <ProfileLink
                user={user}
                className="hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {user.name}
              </ProfileLink>
            </p>
            <p className="text-xs text-slate-500">Blocked {formatDate(user.blockedAt)}</p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void unblock(user.id)}
            disabled={setBlocked.isPending}
            aria-label={`Unblock ${user.name}`}
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
