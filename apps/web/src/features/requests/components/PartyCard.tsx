import type { UserRef } from '@campusrun/shared';
import { Avatar } from '@/components/ui/Avatar';
import { StarRating } from '@/components/ui/StarRating';
import { mediaUrl } from '@/lib/media';
import { useUserRating } from '@/api/ratings';
import { ProfileLink } from '@/components/people/ProfileLink';

/** The user's average (hidden silently when it cannot be loaded). */
function UserRating({ userId }: { userId: string }) {
  const { data } = useUserRating(userId);
  if (!data) return null;
  return (
    <span className="mt-1 flex items-center gap-1.5 text-xs text-slate-600">
      <StarRating value={data.average} size="sm" />
      {data.count > 0 ? `${data.average.toFixed(1)} (${data.count})` : 'No ratings yet'}
    </span>
  );
}

export interface PartyCardProps {
  heading: string;
  roleLabel: 'Requester (Hosteller)' | 'Deliverer (Day Scholar)';
  user: UserRef | null;
  isViewer: boolean;
  /** No user yet and one may still come (a pending request): say so instead of 'No deliverer'. */
  isAwaited?: boolean;
}

/** The requester or the deliverer: avatar (or first letter), name, '(You)', role and stars. */
export function PartyCard({ heading, roleLabel, user, isViewer, isAwaited = false }: PartyCardProps) {
  return (
    <section aria-label={heading} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h3 className="text-xs font-medium tracking-wide text-slate-600 uppercase">{heading}</h3>
      {user ? (
        <div className="mt-3 flex items-center gap-3">
          <Avatar id={user.id} name={user.name} src={mediaUrl(user.avatar)} />
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">
              <ProfileLink
                user={user}
                className="hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {user.name}
              </ProfileLink>
              {isViewer && <span className="ml-1 text-sm font-normal text-slate-600">(You)</span>}
            </p>
            <p className="text-sm text-slate-600">{roleLabel}</p>
            <UserRating userId={user.id} />
          </div>
        </div>
      ) : isAwaited ? (
        <div className="mt-3">
          <p className="font-medium text-slate-700">Not yet assigned</p>
          <p className="text-sm text-slate-600">Waiting for a day scholar to accept</p>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No deliverer</p>
      )}
    </section>
  );
}
