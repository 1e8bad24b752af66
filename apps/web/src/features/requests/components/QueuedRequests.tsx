import { CloudOff } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { formatDateTime, formatRupees } from '@/lib/format';
import { type QueuedRequest, dropQueued, useQueuedRequests } from '../outbox';

const STATE_WORDS = {
  queued: 'Will post when you’re back online',
  sending: 'Posting…',
} as const;

/** My Requests: the requests written offline, each waiting to post (or refused), above the list. */
export function QueuedRequests() {
  const items = useQueuedRequests();
  if (!items.length) return null;
  return (
    <section aria-labelledby="queued-requests" className="mt-6">
      <h2 id="queued-requests" className="sr-only">
        Waiting to post
      </h2>
      <ul className="space-y-3">
        {items.map((item) => (
          <QueuedCard key={item.key} item={item} />
        ))}
      </ul>
    </section>
  );
}

function QueuedCard({ item }: { item: QueuedRequest }) {
  const { body, state } = item;
  const refused = state === 'failed';
  return (
    <li
      className="rounded-xl border border-dashed border-slate-300 bg-white p-4"
      aria-label={`${body.itemName}, not posted yet`}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900">{body.itemName}</p>
        <Badge tone={refused ? 'red' : 'amber'}>{refused ? 'Not posted' : 'Waiting'}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {`Fee ${formatRupees(body.expectedPrice)} · ${body.deliveryLocation} · by ${formatDateTime(body.deadline)}`}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p
          role={refused ? 'alert' : 'status'}
          className={
            refused ? 'text-sm text-red-700' : 'inline-flex items-center gap-1.5 text-sm text-slate-700'
          }
        >
          {!refused && <CloudOff className="size-4 shrink-0" aria-hidden="true" />}
          {refused ? item.error : STATE_WORDS[state]}
        </p>
        {state !== 'sending' && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => dropQueued(item.key)}
            aria-label={`${refused ? 'Discard' : 'Cancel'} ${body.itemName}`}
          >
            {refused ? 'Discard' : 'Cancel'}
          </Button>
        )}
      </div>
    </li>
  );
}
