const forgetters: (() => void)[] = [];

/**
 * Made on first use: building an Intl formatter is slow on a phone (the locale's data is loaded
 * then), and most screens need only one or two of them.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  forgetters.push(() => (made = undefined));
  return () => (made ??= make());
}

/**
 * Drops the formatters made so far, so the next ones follow the process's current time zone: the
 * server draws each page in its viewer's zone (src/server-render.tsx).
 */
export function forgetFormatters() {
  for (const forget of forgetters) forget();
}

const rupeesWhole = once(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
);
const rupeesPaise = once(
  () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** ₹1,234 for whole rupees, ₹1,234.50 when paise are present (Indian digit grouping). */
export function formatRupees(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  if (!Number.isFinite(value)) return rupeesWhole().format(0);
  return Number.isInteger(value) ? rupeesWhole().format(value) : rupeesPaise().format(value);
}

const dateFormat = once(
  () => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const dateTimeFormat = once(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const timeFormat = once(() => new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' }));
const monthYearFormat = once(() => new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric' }));

type DateInput = string | number | Date;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The value through a formatter; '' for a value that is not a date. */
function formatWith(format: () => Intl.DateTimeFormat, value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : format().format(date);
}

/** 22 Nov 2026 */
export const formatDate = (value: DateInput): string => formatWith(dateFormat, value);

/** 22 Nov 2026, 3:45 pm */
export const formatDateTime = (value: DateInput): string => formatWith(dateTimeFormat, value);

/** 3:45 pm */
export const formatTime = (value: DateInput): string => formatWith(timeFormat, value);

/** November 2026 */
export const formatMonthYear = (value: DateInput): string => formatWith(monthYearFormat, value);

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * 'just now' under 60 seconds, then minutes, hours, and days up to 6 days, then a date.
 * Times slightly in the future (clock skew) count as 'just now'.
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.floor((now - date.getTime()) / 1000);
  if (seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return plural(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return plural(Math.floor(seconds / HOUR), 'hour');
  const days = Math.floor(seconds / DAY);
  if (days <= 6) return plural(days, 'day');
  return formatDate(date);
}

/**
 * How long ago, short enough for a card: 'just now' under a minute, then '5 min ago', '2 h ago',
 * '3 d ago' up to 6 days, then a date. Times slightly in the future (clock skew) are 'just now'.
 */
export function formatShortAgo(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.floor((now - date.getTime()) / 1000);
  if (seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} min ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} h ago`;
  const days = Math.floor(seconds / DAY);
  return days <= 6 ? `${days} d ago` : formatDate(date);
}

/**
 * How long until a deadline, beside its date: 'in 25 min', 'in 3 h', 'in 2 d' (whole units, rounded
 * down, so never more time than there is); 'overdue' once it has passed.
 */
export function formatTimeUntil(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.floor((date.getTime() - now) / 1000);
  if (seconds <= 0) return 'overdue';
  if (seconds < HOUR) return `in ${Math.max(1, Math.floor(seconds / MINUTE))} min`;
  if (seconds < DAY) return `in ${Math.floor(seconds / HOUR)} h`;
  return `in ${Math.floor(seconds / DAY)} d`;
}

/**
 * A time close at hand, as a card says it: '9:00 am' today, 'tomorrow 9:00 am', otherwise the date
 * and time (trips and runs are at most two days ahead).
 */
export function formatDayTime(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const today = new Date(now);
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const sameDay = (a: Date, b: Date) =>
    a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  if (sameDay(date, today)) return formatTime(date);
  if (sameDay(date, tomorrow)) return `tomorrow ${formatTime(date)}`;
  return formatDateTime(date);
}
