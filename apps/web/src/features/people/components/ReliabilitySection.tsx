import type { Reliability } from '@campusrun/shared';
import clsx from 'clsx';
import { ShieldCheck } from 'lucide-react';
import { formatMonthYear } from '@/lib/format';
import { reliabilitySummary } from './reliability';

const ROWS: { key: Exclude<keyof Reliability, 'memberSince'>; label: string }[] = [
  { key: 'deliveriesCompleted', label: 'Deliveries completed' },
  { key: 'requestsCompleted', label: 'Requests completed' },
  { key: 'cancellationsAfterAcceptance', label: 'Cancellations after acceptance' },
  { key: 'deliveriesGivenUp', label: 'Deliveries given up' },
  { key: 'disputesLost', label: 'Disputes lost' },
  { key: 'settlementsOverdue', label: 'Payments overdue (7+ days)' },
];

/** A public profile's reliability record: the one-line reading, then each count. */
export function ReliabilitySection({ reliability }: { reliability: Reliability }) {
  const summary = reliabilitySummary(reliability);
  const reliable = summary.startsWith('Reliable');
  return (
    <section
      aria-labelledby="reliability-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="reliability-heading" className="text-base font-medium text-slate-900">
        Reliability
      </h2>
      <p
        className={clsx(
          'mt-1 flex items-start gap-1.5 text-sm font-medium',
          reliable ? 'text-green-800' : 'text-slate-700',
        )}
      >
        {reliable && <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
        <span>{summary}</span>
      </p>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 text-sm sm:grid-cols-2">
        {ROWS.map(({ key, label }) => (
          <div key={key} className="flex justify-between gap-3 border-t border-slate-100 py-1.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{reliability[key]}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-slate-100 py-1.5">
          <dt className="text-slate-600">Member since</dt>
          <dd className="font-medium text-slate-900">{formatMonthYear(reliability.memberSince)}</dd>
        </div>
      </dl>
    </section>
  );
}
