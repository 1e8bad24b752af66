import { type DeliveryRequest, RUN_LIMITS, type Run } from '@campusrun/shared';
import { Clock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatDateTime, formatRupees } from '@/lib/format';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "1 item", "4 items". */
export const itemsText = (n: number) => count(n, 'item');

/** "Run to Katpadi market · 4 items · ₹80 · 3 blocks". */
export const runSummary = (run: Run) =>
  `Run to ${run.pickupFrom} · ${itemsText(run.items)} · ${formatRupees(run.totalFee)} · ${count(run.blocks, 'block')}`;

const STATUS_LABEL: Record<Run['status'], { label: string; tone: 'green' | 'blue' | 'slate' | 'red' }> = {
  open: { label: 'Open', tone: 'green' },
  closed: { label: 'Closed to joining', tone: 'slate' },
  accepted: { label: 'Accepted', tone: 'blue' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

export function RunStatusBadge({ status }: { status: Run['status'] }) {
  return <Badge tone={STATUS_LABEL[status].tone}>{STATUS_LABEL[status].label}</Badge>;
}

/** "1 person", "3 people". */
export const peopleText = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/**
 * Roughly what a run's items cost, which its day scholar lays out: the sum of the item costs its
 * requests give; null when none gives one.
 */
export function carryOf(requests: DeliveryRequest[]): number | null {
  const costs = requests.flatMap((request) => (request.itemCost === null ? [] : [request.itemCost]));
  return costs.length === 0 ? null : Math.round(costs.reduce((sum, cost) => sum + cost, 0) * 100) / 100;
}

/**
 * What the run means for the viewer's money. A participant: their share, and while others may still
 * join, what it drops to with one more. A hosteller who may join: what they would pay. A day scholar:
 * the fee they earn and, when known, roughly the item money they lay out (`carry`). Anyone else:
 * each share, once there is more than one.
 */
export function shareText(
  run: Run,
  viewer: { dayScholar: boolean; carry?: number | null; myShare?: number },
): string | null {
  const share = formatRupees(viewer.myShare ?? run.share);
  if (run.myRequestId)
    return run.status === 'open' && run.participants < RUN_LIMITS.participantsMax
      ? `Your share: ${share} now → ${formatRupees(run.shareIfJoined)} if one more joins`
      : `Your share: ${share}`;
  if (viewer.dayScholar)
    return viewer.carry
      ? `You earn ${formatRupees(run.totalFee)} · carry ≈ ${formatRupees(viewer.carry)}`
      : `You earn ${formatRupees(run.totalFee)} for the whole run`;
  if (run.can.join) return `Your share if you join: ${formatRupees(run.shareIfJoined)}`;
  return run.participants > 1 ? `${formatRupees(run.share)} each` : null;
}

/** One run as a card that opens its page. */
export function RunCard({ run, className }: { run: Run; className?: string }) {
  const { user } = useAuth();
  const money = shareText(run, { dayScholar: user?.role === 'dayscholar' });
  return (
    <li className={className}>
      <Link
        to={paths.run(run.id)}
        className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition-colors hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 font-medium text-slate-900">{runSummary(run)}</p>
          {run.myRequestId ? (
            <Badge tone="indigo">Joined</Badge>
          ) : (
            run.status !== 'open' && <RunStatusBadge status={run.status} />
          )}
        </div>
        <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {`Join by ${formatDateTime(run.cutoffAt)}`}
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Users className="size-4 shrink-0" aria-hidden="true" />
          {`${peopleText(run.participants)} · started by ${run.starter.name}`}
        </p>
        {money && <p className="mt-1 text-sm font-medium text-slate-900">{money}</p>}
      </Link>
    </li>
  );
}

export function RunCardSkeletons({ count: n = 2 }: { count?: number }) {
  return (
    <ul className="space-y-3" aria-hidden="true">
      {Array.from({ length: n }, (_, i) => (
        <li key={i} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="mt-3 h-3 w-1/3" />
          <Skeleton className="mt-2 h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}
