import type { TripStop } from '@campusrun/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Checkbox } from '@/components/ui/Checkbox';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useTripStops } from '@/api/trips';
import { useBrowserFact } from '@/lib/browser-fact';

/** Where the runner's ticks of one trip are kept on this device. */
export const ticksKey = (tripId: string) => `trip-stops:${tripId}`;

function readTicks(tripId: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ticksKey(tripId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The items the runner has ticked off, kept in local storage per trip (nothing goes to the server).
 * A page drawn on the server shows none ticked; the browser's ticks follow as it takes the page over.
 */
function useTicks(tripId: string) {
  const stored = useBrowserFact(() => readTicks(tripId).join('\n'), '');
  const [ticked, setTicked] = useState<Set<string> | null>(null);
  const ticks = ticked ?? new Set(stored ? stored.split('\n') : []);
  const toggle = (key: string) => {
    const next = new Set(ticks);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    try {
      localStorage.setItem(ticksKey(tripId), JSON.stringify([...next]));
    } catch {
      // Storage full or refused: the ticks last as long as the page.
    }
    setTicked(next);
  };
  return { ticks, toggle };
}

const HEADING: Record<TripStop['kind'], string> = { pickup: 'Pick up at', drop: 'Drop at' };

/** The runner's walk: pickups first, then drops, each item ticked off by hand. */
export function StopList({ tripId }: { tripId: string }) {
  const query = useTripStops(tripId);
  const { ticks, toggle } = useTicks(tripId);

  let content;
  if (query.isPending) {
    content = (
      <div aria-hidden="true" className="space-y-3">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Failed to load the stop list"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
      />
    );
  } else if (query.data.length === 0) {
    content = <p className="text-sm text-slate-500">No requests on this trip yet, so no stops.</p>;
  } else {
    content = (
      <ol className="space-y-5">
        {query.data.map((stop) => (
          <li key={`${stop.kind}:${stop.place}`}>
            <h3 className="text-sm font-semibold text-slate-900">{`${HEADING[stop.kind]} ${stop.place}`}</h3>
            <ul className="mt-2 space-y-1">
              {stop.items.map((item) => {
                const key = `${stop.kind}:${item.requestId}`;
                const done = item.status === 'completed';
                return (
                  <li key={key} className="flex flex-wrap items-center justify-between gap-x-3">
                    <Checkbox
                      label={
                        <span className={ticks.has(key) || done ? 'text-slate-500 line-through' : undefined}>
                          {`#${item.number} ${item.itemName} × ${item.quantity}`}
                        </span>
                      }
                      checked={ticks.has(key) || done}
                      disabled={done}
                      onChange={() => toggle(key)}
                    />
                    {stop.kind === 'drop' &&
                      (done ? (
                        <span className="text-sm text-green-800">Delivered</span>
                      ) : (
                        <Link
                          to={paths.request(item.requestId)}
                          aria-label={`Complete #${item.number} ${item.itemName}`}
                          className="inline-flex items-center rounded text-sm font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600 max-sm:min-h-11"
                        >
                          Complete
                        </Link>
                      ))}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section
      aria-labelledby="stop-list"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="stop-list" className="text-lg font-semibold text-slate-900">
        Stop list
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-500">
        Tick items off as you go (kept on this device). Complete each drop with the requester&apos;s code.
      </p>
      {content}
    </section>
  );
}
