import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDayTime,
  formatRelativeTime,
  formatRupees,
  formatShortAgo,
  formatTime,
  formatTimeUntil,
} from './format';

describe('formatRupees', () => {
  it('shows rupees with Indian digit grouping', () => {
    expect(formatRupees(1234)).toBe('₹1,234');
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(123456)).toBe('₹1,23,456');
  });

  it('keeps paise when present', () => {
    expect(formatRupees(49.5)).toBe('₹49.50');
  });

  it('accepts numeric strings', () => {
    expect(formatRupees('250')).toBe('₹250');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it("says 'just now' under 60 seconds", () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59), now)).toBe('just now');
  });

  it('counts minutes, then hours', () => {
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(45 * 60), now)).toBe('45 minutes ago');
    expect(formatRelativeTime(ago(60 * 60), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 3600 + 59 * 60), now)).toBe('23 hours ago');
  });

  it('counts days up to 6, then shows the date', () => {
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(6 * 24 * 3600 + 3600), now)).toBe('6 days ago');
    const weekOld = ago(7 * 24 * 3600);
    expect(formatRelativeTime(weekOld, now)).toBe(formatDate(weekOld));
    expect(formatRelativeTime(weekOld, now)).toBe('15 Nov 2026');
  });

  it("treats a time slightly in the future as 'just now'", () => {
    expect(formatRelativeTime(ago(-30), now)).toBe('just now');
  });
});

describe('formatTime', () => {
  it('shows the hour and minutes of a message, in the 12-hour clock', () => {
    const sent = new Date(2026, 10, 22, 15, 5);
    expect(formatTime(sent.toISOString())).toMatch(/^3:05\s?pm$/i);
  });

  it('shows nothing for a value that is not a time', () => {
    expect(formatTime('not a time')).toBe('');
  });
});

describe('formatDayTime', () => {
  const now = new Date(2026, 10, 22, 7, 0).getTime();

  it('says only the time today, "tomorrow" the next day and the date after that', () => {
    expect(formatDayTime(new Date(2026, 10, 22, 9, 0), now)).toMatch(/^9:00\s?am$/i);
    expect(formatDayTime(new Date(2026, 10, 23, 8, 15), now)).toMatch(/^tomorrow 8:15\s?am$/i);
    expect(formatDayTime(new Date(2026, 10, 24, 8, 15), now)).toMatch(/24 Nov 2026/);
    expect(formatDayTime('not a time', now)).toBe('');
  });
});

describe('formatShortAgo', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says just now, then minutes, hours and days in short units, then the date', () => {
    expect(formatShortAgo(ago(30), now)).toBe('just now');
    expect(formatShortAgo(ago(5 * 60), now)).toBe('5 min ago');
    expect(formatShortAgo(ago(2 * 3600 + 59 * 60), now)).toBe('2 h ago');
    expect(formatShortAgo(ago(3 * 24 * 3600), now)).toBe('3 d ago');
    expect(formatShortAgo(ago(7 * 24 * 3600), now)).toBe(formatDate(ago(7 * 24 * 3600)));
    expect(formatShortAgo('not a date', now)).toBe('');
  });
});

describe('formatTimeUntil', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const inS = (seconds: number) => new Date(now + seconds * 1000).toISOString();

  it('counts down in whole units, never more time than is left', () => {
    expect(formatTimeUntil(inS(20), now)).toBe('in 1 min');
    expect(formatTimeUntil(inS(25 * 60 + 30), now)).toBe('in 25 min');
    expect(formatTimeUntil(inS(3 * 3600 + 59 * 60), now)).toBe('in 3 h');
    expect(formatTimeUntil(inS(2 * 24 * 3600 + 5), now)).toBe('in 2 d');
  });

  it("says 'overdue' once the time has passed", () => {
    expect(formatTimeUntil(inS(0), now)).toBe('overdue');
    expect(formatTimeUntil(inS(-3600), now)).toBe('overdue');
  });
});
