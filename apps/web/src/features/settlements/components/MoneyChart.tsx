import { MONEY_CHART_WORDS as W, type MoneyParts, type MoneySide, type MoneyWeek } from '@campusrun/shared';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';

/** The parts a side stacks, bottom up: a deliverer earns fees and tips; a requester also paid items. */
type Part = keyof MoneyParts;
const PARTS: Record<'earned' | 'spent', readonly Part[]> = {
  earned: ['fees', 'tips'],
  spent: ['fees', 'items', 'tips'],
};
/** Fills from the 300–600 range, which keep their colour in the dark theme too. */
const FILL: Record<Part, string> = { fees: 'bg-indigo-500', items: 'bg-amber-400', tips: 'bg-emerald-500' };
const LABEL: Record<Part, string> = { fees: W.fees, items: W.items, tips: W.tips };

const weekDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "23 Nov" of a campus date (YYYY-MM-DD): the date itself, whatever the device's zone. */
const weekLabel = (start: string) => weekDay.format(new Date(`${start}T00:00:00Z`));
/**
 * "23 November", for the screen readers' table: said in full, and, being hidden, never taken for a
 * time on the screen pictures (which steady and mask "23 Nov").
 */
const weekDayLong = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const weekLabelLong = (start: string) => weekDayLong.format(new Date(`${start}T00:00:00Z`));

const sumOf = (p: MoneyParts, parts: readonly Part[]) =>
  Math.round(parts.reduce((total, k) => total + p[k], 0) * 100) / 100;

/** A bar's accessible name: "Week of 23 Nov: ₹240 fees, ₹20 tips". */
const barName = (week: MoneyWeek, parts: readonly Part[]) =>
  W.bar(
    weekLabel(week.start),
    parts.map((k) => W.part(formatRupees(week[k]), LABEL[k])),
  );

/**
 * A member's money week by week: the totals (this week, this month, all time), a bar per week with
 * its parts stacked (each a button that opens the deliveries behind it), a legend, and the same
 * numbers as a table for screen readers.
 */
export function MoneyChart({ side, kind }: { side: MoneySide; kind: 'earned' | 'spent' }) {
  const parts = PARTS[kind];
  const title = kind === 'earned' ? W.earnedTitle : W.spentTitle;
  const headingId = useId();
  const detailId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const max = Math.max(1, ...side.weeks.map((w) => sumOf(w, parts)));
  const chosen = side.weeks.find((w) => w.start === open) ?? null;

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{kind === 'earned' ? W.earnedHint : W.spentHint}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        {(
          [
            [W.thisWeek, side.thisWeek],
            [W.thisMonth, side.thisMonth],
            [W.allTime, side.allTime],
          ] as const
        ).map(([label, p]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatRupees(sumOf(p, parts))}</dd>
          </div>
        ))}
      </dl>
      <ul aria-label={W.barsLabel(title)} className="mt-4 flex h-40 items-end gap-1 sm:gap-2">
        {side.weeks.map((week) => {
          const total = sumOf(week, parts);
          const pressed = open === week.start;
          return (
            <li key={week.start} className="flex h-full min-w-0 flex-1 flex-col items-stretch justify-end">
              <button
                type="button"
                aria-label={barName(week, parts)}
                aria-expanded={pressed}
                aria-controls={detailId}
                onClick={() => setOpen(pressed ? null : week.start)}
                className={clsx(
                  'flex min-h-11 flex-1 flex-col justify-end rounded-md px-0.5 hover:bg-slate-100',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
                  pressed && 'bg-slate-100 ring-1 ring-indigo-500',
                )}
              >
                <span aria-hidden="true" className="flex w-full flex-col-reverse overflow-hidden rounded-sm">
                  {parts.map((k) =>
                    week[k] > 0 ? (
                      <span
                        key={k}
                        className={clsx('block w-full', FILL[k])}
                        style={{ height: `${(week[k] / max) * 7.5}rem` }}
                      />
                    ) : null,
                  )}
                  {total === 0 && <span className="block h-0.5 w-full bg-slate-300" />}
                </span>
              </button>
              <time
                aria-hidden="true"
                dateTime={week.start}
                className="mt-1 flex flex-col items-center text-[0.65rem] leading-tight text-slate-600 sm:text-xs"
              >
                {weekLabel(week.start)
                  .split(' ')
                  .map((part) => (
                    <span key={part}>{part}</span>
                  ))}
              </time>
            </li>
          );
        })}
      </ul>
      <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-3 text-xs text-slate-700">
        {parts.map((k) => (
          <li key={k} className="flex items-center gap-1">
            <span className={clsx('inline-block size-3 rounded-sm', FILL[k])} />
            {LABEL[k]}
          </li>
        ))}
      </ul>
      <MoneyTable side={side} parts={parts} caption={W.barsLabel(title)} />
      <div id={detailId} aria-live="polite">
        {chosen && <WeekDeliveries week={chosen} parts={parts} />}
      </div>
    </section>
  );
}

/** The chart's numbers as a table, for screen readers only. */
function MoneyTable({ side, parts, caption }: { side: MoneySide; parts: readonly Part[]; caption: string }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{W.week}</th>
          {parts.map((k) => (
            <th key={k} scope="col">
              {LABEL[k]}
            </th>
          ))}
          <th scope="col">{W.total}</th>
        </tr>
      </thead>
      <tbody>
        {side.weeks.map((week) => (
          <tr key={week.start}>
            <th scope="row">{weekLabelLong(week.start)}</th>
            {parts.map((k) => (
              <td key={k}>{formatRupees(week[k])}</td>
            ))}
            <td>{formatRupees(sumOf(week, parts))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The deliveries behind one bar, each a link to its request. */
function WeekDeliveries({ week, parts }: { week: MoneyWeek; parts: readonly Part[] }) {
  const amounts = (d: MoneyWeek['deliveries'][number]) =>
    parts
      .map((k) => ({ k, v: k === 'fees' ? d.fee : k === 'items' ? d.items : d.tip }))
      .filter(({ k, v }) => v > 0 || k === 'fees')
      .map(({ k, v }) => W.part(formatRupees(v), LABEL[k]))
      .join(' + ');
  return (
    <div className="mt-4 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <h3 className="text-sm font-medium text-slate-900">{W.weekHeading(weekLabel(week.start))}</h3>
      {week.deliveries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{W.noDeliveries}</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200">
          {week.deliveries.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-x-3 py-1 text-sm">
              <Link
                to={paths.request(d.id)}
                className="inline-flex min-h-11 items-center text-indigo-700 underline"
              >
                {W.delivery(d.number, d.title)}
              </Link>
              <span className="text-slate-700">{amounts(d)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
