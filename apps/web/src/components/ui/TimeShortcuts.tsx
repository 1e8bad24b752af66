import { formatDateTime } from '@/lib/format';
import { toLocalInput } from '@/lib/local-time';
import { Chip } from './Chip';

interface TimeShortcut {
  label: string;
  /** A datetime-local value, local time. */
  value: string;
}

const MINUTE_MS = 60_000;

/** A clock time today at least this long from now; otherwise the same time tomorrow. */
const CLOCK_LEAD_MS = 30 * MINUTE_MS;

const minutesLabel = (minutes: number) =>
  minutes < 60 ? `In ${minutes} min` : minutes === 60 ? 'In 1 hour' : `In ${minutes / 60} hours`;

/** "5 pm", "11 am", "12 pm". */
const hourLabel = (hour: number) => `${hour % 12 || 12} ${hour < 12 ? 'am' : 'pm'}`;

/**
 * One-tap times: so many minutes from now ("In 30 min", "In 1 hour"), then clock times ("5 pm"),
 * today while that is at least half an hour away, otherwise tomorrow ("Tomorrow 5 pm").
 */
export function soonTimes(now: Date, { minutes, hours }: { minutes: number[]; hours: number[] }) {
  const fromNow = minutes.map((m): TimeShortcut => ({
    label: minutesLabel(m),
    value: toLocalInput(new Date(now.getTime() + m * MINUTE_MS)),
  }));
  const clock = hours.map((hour): TimeShortcut => {
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour);
    if (today.getTime() - now.getTime() >= CLOCK_LEAD_MS)
      return { label: hourLabel(hour), value: toLocalInput(today) };
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, hour);
    return { label: `Tomorrow ${hourLabel(hour)}`, value: toLocalInput(tomorrow) };
  });
  return [...fromNow, ...clock];
}

/** A row of chips under a time field: each fills the field in one tap, which stays editable. */
export function TimeShortcuts({
  label,
  value,
  shortcuts,
  onPick,
}: {
  /** The list's accessible name ("Arrival shortcuts"). */
  label: string;
  /** The field's value now: its chip shows pressed. */
  value: string;
  shortcuts: TimeShortcut[];
  onPick: (value: string) => void;
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {shortcuts.map((shortcut) => (
        <li key={shortcut.label}>
          <Chip
            pressed={value === shortcut.value}
            title={formatDateTime(shortcut.value)}
            onClick={() => onPick(shortcut.value)}
          >
            {shortcut.label}
          </Chip>
        </li>
      ))}
    </ul>
  );
}
