import type { DeliveryRequest } from '@campusrun/shared';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import { DeliveryProgressLine } from './DeliveryProgress';
import { RequestStateBadge, UrgentBadge } from './RequestStatusBadge';

/** One request in a compact list: item, fee, place and the other party, with its state. */
export function RequestRow({
  request,
  party,
}: {
  request: DeliveryRequest;
  party: 'deliverer' | 'requester';
}) {
  const who = party === 'deliverer' ? request.deliverer : request.requester;
  return (
    <li>
      <Link
        to={paths.request(request.id)}
        className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        <div className="flex min-w-0 items-center gap-3">
          {who ? (
            <Avatar id={who.id} name={who.name} src={who.avatar} size="sm" />
          ) : (
            // Keeps the rows aligned while no one has taken the request.
            <span
              aria-hidden="true"
              className="size-8 shrink-0 rounded-full border border-dashed border-slate-300"
            />
          )}
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900">{request.itemName}</p>
            <p className="truncate text-xs text-slate-500">
              Fee {formatRupees(request.expectedPrice)}
              {request.pickupFrom && ` · From ${request.pickupFrom}`} · {request.deliveryLocation} ·{' '}
              {who?.name ?? 'No deliverer yet'}
            </p>
            <DeliveryProgressLine request={request} className="block text-xs font-medium text-indigo-700" />
          </div>
        </div>
        <div className="flex shrink-0 gap-1.5">
          {request.isUrgent && !request.isExpired && <UrgentBadge />}
          <RequestStateBadge request={request} />
        </div>
      </Link>
    </li>
  );
}
