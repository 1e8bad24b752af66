import { deadlineField } from '@campusrun/shared';
import { z } from 'zod';

/** A datetime-local value ("2026-11-23T18:30", local time) → ISO 8601 with Z. */
function localToIso(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The shared deadline rule, read from a datetime-local input. */
export const localDeadlineField = z.preprocess(localToIso, deadlineField);

/** A date as a datetime-local value, local time, to the minute ("2026-11-23T18:30"). */
export function toLocalInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The earliest a deadline can be set to in the picker: the next minute, local time. */
export function minDeadline(): string {
  return toLocalInput(new Date(Date.now() + 60_000));
}

export interface DeadlineShortcut {
  label: string;
  /** datetime-local value */
  value: string;
}

const HOUR_MS = 3_600_000;

/** Today (or `dayOffset` days on) at hour:00, local time. */
function atHour(now: Date, hour: number, dayOffset: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + dayOffset, hour, 0, 0, 0);
}

/**
 * The one-tap deadlines beside the picker. "Tonight 9 pm" is offered only while 9 pm today is more
 * than an hour away (from 8 pm on, "In 1 hour" says the same and a deadline minutes away could pass
 * before the form is sent); it never moves to another day, where it would no longer be tonight.
 */
export function deadlineShortcuts(now: Date = new Date()): DeadlineShortcut[] {
  const inHours = (hours: number) => toLocalInput(new Date(now.getTime() + hours * HOUR_MS));
  const tonight = atHour(now, 21, 0);
  return [
    { label: 'In 1 hour', value: inHours(1) },
    { label: 'In 3 hours', value: inHours(3) },
    ...(tonight.getTime() - now.getTime() > HOUR_MS
      ? [{ label: 'Tonight 9 pm', value: toLocalInput(tonight) }]
      : []),
    { label: 'Tomorrow 10 am', value: toLocalInput(atHour(now, 10, 1)) },
  ];
}
