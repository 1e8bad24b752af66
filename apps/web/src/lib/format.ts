import { pageNow } from './page-clock';

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
const dayMonthFormat = once(() => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' }));
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

/**
 * When something happens or happened, said one way everywhere: 'today 3:45 pm', 'tomorrow 9:00 am',
 * 'yesterday 6:10 pm', then '2 Dec, 3:45 pm' within the year and '2 Dec 2027, 3:45 pm' beyond it.
 */
export function formatDateTime(value: DateInput, now: number = pageNow()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const time = formatTime(date);
  const word = DAY_WORDS[calendarDaysBetween(new Date(now), date)];
  if (word) return `${word} ${time}`;
  const day = date.getFullYear() === new Date(now).getFullYear() ? dayMonthFormat() : dateFormat();
  return `${day.format(date)}, ${time}`;
}

const DAY_WORDS: Record<number, string> = { [-1]: 'yesterday', 0: 'today', 1: 'tomorrow' };

/** Whole calendar days from `from`'s date to `to`'s, in the device's time zone (negative: before). */
function calendarDaysBetween(from: Date, to: Date): number {
  const midnight = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((midnight(to) - midnight(from)) / 86_400_000);
}

/** 3:45 pm */
export const formatTime = (value: DateInput): string => formatWith(timeFormat, value);

/** November 2026 */
export const formatMonthYear = (value: DateInput): string => formatWith(monthYearFormat, value);

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, said one way everywhere (lists, cards, chat, notices): 'just now' under a minute,
 * then '5 min ago', '2 hr ago', 'yesterday', '3 days ago' up to 6 days, then the date. Times slightly
 * in the future (clock skew) are 'just now'.
 */
export function formatRelativeTime(value: DateInput, now: number = pageNow()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.floor((now - date.getTime()) / 1000);
  if (seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} min ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} hr ago`;
  const days = Math.floor(seconds / DAY);
  if (days === 1) return 'yesterday';
  return days <= 6 ? `${days} days ago` : formatDate(date);
}

/**
 * How long until a deadline, beside its date, in the units `formatRelativeTime` uses: 'in 25 min',
 * 'in 3 hr', 'in 2 days' (whole units, rounded down, so never more time than there is); 'overdue'
 * once it has passed.
 */
export function formatTimeUntil(value: DateInput, now: number = pageNow()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.floor((date.getTime() - now) / 1000);
  if (seconds <= 0) return 'overdue';
  if (seconds < HOUR) return `in ${Math.max(1, Math.floor(seconds / MINUTE))} min`;
  if (seconds < DAY) return `in ${Math.floor(seconds / HOUR)} hr`;
  const days = Math.floor(seconds / DAY);
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}
