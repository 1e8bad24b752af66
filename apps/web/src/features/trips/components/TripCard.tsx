import type { Trip } from '@campusrun/shared';
import { Clock, MapPin, Star, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Badge } from '@/components/ui/Badge';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

const STATUS: Record<Trip['status'], { label: string; tone: 'green' | 'slate' | 'red' }> = {
  open: { label: 'Open', tone: 'green' },
  closed: { label: 'Closed', tone: 'slate' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

export function TripStatusBadge({ status }: { status: Trip['status'] }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

/** "Arrives 9:00 am · add requests by 8:15 am" (local time). */
export const tripTimes = (trip: Trip) =>
  `Arrives ${formatDateTime(trip.arriveAt)} · add requests by ${formatDateTime(trip.cutoffAt)}`;

/** The runner's average as a deliverer, or that nobody has rated them yet. */
export function RunnerRating({ runner }: { runner: Trip['runner'] }) {
  if (runner.rating === null || runner.ratingCount === 0)
    return <span className="text-xs text-slate-500">No ratings yet</span>;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-600">
      <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="sr-only">Rated</span>
      {runner.rating.toFixed(1)}
      <span>{`(${runner.ratingCount})`}</span>
    </span>
  );
}

/** One trip as a card that opens its page. */
export function TripCard({ trip, showStatus = false }: { trip: Trip; showStatus?: boolean }) {
  return (
    <li>
      <Link
        to={paths.trip(trip.id)}
        className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition-colors hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-2">
            <Avatar id={trip.runner.id} name={trip.runner.name} src={trip.runner.avatar} size="sm" />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{trip.runner.name}</p>
              <RunnerRating runner={trip.runner} />
            </div>
          </div>
          {(showStatus || trip.status !== 'open') && <TripStatusBadge status={trip.status} />}
        </div>
        <p className="mt-3 flex items-center gap-1.5 font-medium text-slate-900">
          <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {`From ${trip.from}`}
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {tripTimes(trip)}
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Users className="size-4 shrink-0" aria-hidden="true" />
          {`${trip.attached} of ${trip.capacity} taken`}
        </p>
        {trip.note && <p className="mt-2 text-sm whitespace-pre-line text-slate-600">{trip.note}</p>}
      </Link>
    </li>
  );
}

export function TripCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <ul className="space-y-3" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-center gap-2">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 w-32" />
          </div>
          <Skeleton className="mt-4 h-4 w-1/2" />
          <Skeleton className="mt-2 h-3 w-3/4" />
        </li>
      ))}
    </ul>
  );
}
