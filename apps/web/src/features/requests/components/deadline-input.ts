import { deadlineField } from '@campusrun/shared';
import { z } from 'zod';

/** A datetime-local value ("2026-11-23T18:30", local time) → ISO 8601 with Z. */
export function localToIso(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The shared deadline rule, read from a datetime-local input. */
export const localDeadlineField = z.preprocess(localToIso, deadlineField);

/** The earliest a deadline can be set to in the picker: the next minute, local time. */
export function minDeadline(): string {
  const d = new Date(Date.now() + 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
