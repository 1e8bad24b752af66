import type { DeliveryRequest } from '@campusrun/shared';
import { Calendar, MapPin, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Badge } from '@/components/ui/Badge';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { formatDateTime, formatRelativeTime, formatRupees, formatTimeUntil } from '@/lib/format';
import clsx from 'clsx';
import { useIsFresh } from '@/lib/fresh';
import { RequestStateBadge, UrgentBadge } from '@/components/requests/RequestStatusBadge';
import { DeliveryProgressLine } from '@/components/requests/DeliveryProgress';

export interface RequestCardProps {
  request: DeliveryRequest;
  /** Whose name the card shows: the deliverer (hosteller's lists) or the requester (day scholar's). */
  party: 'deliverer' | 'requester';
  /** Leave out the Pending badge where every card is pending (Browse). */
  hidePending?: boolean;
  /** Listed under its shared run's heading: the card leaves out "Part of a shared run". */
  inRun?: boolean;
}

/**
 * One request as a card that opens its detail page; one that just arrived live is highlighted. Its
 * title and names wrap rather than being cut; on a phone the badges take their own line under the
 * title, from sm up they sit beside it.
 */
export function RequestCard({ request, party, hidePending = false, inRun = false }: RequestCardProps) {
  const fresh = useIsFresh(request.id);
  const open = (request.status === 'pending' || request.status === 'accepted') && !request.isExpired;
  return (
    <li className={clsx(fresh && 'motion-safe:animate-fresh-in')}>
      <Link
        to={paths.request(request.id)}
        className={clsx(
          'block rounded-xl p-4 shadow-sm transition-colors hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          fresh ? 'bg-white ring-2 ring-indigo-500' : 'bg-white ring-1 ring-slate-200',
        )}
      >
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
          <div className="min-w-0 sm:flex-1">
            <p className="font-medium wrap-anywhere text-slate-900">{request.itemName}</p>
            <p className="text-xs text-slate-500">
              #{request.number} · {formatRelativeTime(request.createdAt)}
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5 empty:hidden sm:max-w-[50%] sm:justify-end">
            {fresh && <Badge tone="indigo">New</Badge>}
            {/* Words only: the whole card is already a link (its page links to the trip or run). */}
            {request.tripId && <Badge tone="blue">On a trip</Badge>}
            {request.runId && !inRun && <Badge tone="violet">Part of a shared run</Badge>}
            {request.isUrgent && !request.isExpired && <UrgentBadge />}
            {!(hidePending && request.status === 'pending' && !request.isExpired) && (
              <RequestStateBadge request={request} />
            )}
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="font-semibold text-slate-900">{`Fee ${formatRupees(request.expectedPrice)}`}</span>
          {request.itemCost !== null && <span>{`Items ≈ ${formatRupees(request.itemCost)}`}</span>}
          {/* The requester's code, on their own accepted request: at hand in the list too. */}
          {request.handoverCode && request.status === 'accepted' && (
            <span className="font-medium text-emerald-800">
              Handover code{' '}
              <span className="font-mono font-bold tracking-widest" data-testid="handover-code">
                {request.handoverCode}
              </span>
            </span>
          )}
          <span className="inline-flex min-w-0 items-center gap-1">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 wrap-anywhere">{request.deliveryLocation}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <Calendar className="size-4" aria-hidden="true" />
            <span className="sr-only">Deadline</span>
            {formatDateTime(request.deadline)}
            {/* While it is still to be delivered, how long is left. */}
            {open && (
              <>
                <span aria-hidden="true">·</span>
                <span className="font-medium text-slate-900">{formatTimeUntil(request.deadline)}</span>
              </>
            )}
          </span>
        </div>
        {request.pickupFrom && (
          <p className="mt-1 flex min-w-0 items-center gap-1 text-sm text-slate-600">
            <ShoppingBag className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 wrap-anywhere">{`From ${request.pickupFrom}`}</span>
          </p>
        )}
        <DeliveryProgressLine request={request} className="mt-1 block text-sm font-medium text-indigo-700" />
        <PartyLine request={request} party={party} />
      </Link>
    </li>
  );
}

/** Who the card is about: the other party's avatar and name, or that there is no deliverer yet. */
function PartyLine({ request, party }: RequestCardProps) {
  const who = party === 'deliverer' ? request.deliverer : request.requester;
  return (
    <p className="mt-2 flex min-w-0 items-center gap-2 text-sm text-slate-500">
      {who && <Avatar id={who.id} name={who.name} src={who.avatar} size="xs" />}
      <span className="min-w-0 wrap-anywhere">
        {party === 'deliverer'
          ? who
            ? `Deliverer: ${who.name}`
            : 'No deliverer yet'
          : `Requested by ${request.requester.name}`}
      </span>
    </p>
  );
}

export function RequestCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <ul className="space-y-3" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="mt-2 h-3 w-24" />
          <Skeleton className="mt-4 h-4 w-3/4" />
        </li>
      ))}
    </ul>
  );
}
