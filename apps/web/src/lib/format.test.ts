import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatRelativeTime,
  formatRupees,
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

  it('counts minutes, then hours, in short units', () => {
    expect(formatRelativeTime(ago(60), now)).toBe('1 min ago');
    expect(formatRelativeTime(ago(45 * 60), now)).toBe('45 min ago');
    expect(formatRelativeTime(ago(60 * 60), now)).toBe('1 hr ago');
    expect(formatRelativeTime(ago(23 * 3600 + 59 * 60), now)).toBe('23 hr ago');
  });

  it('says yesterday, then days up to 6, then shows the date', () => {
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(2 * 24 * 3600), now)).toBe('2 days ago');
    expect(formatRelativeTime(ago(6 * 24 * 3600 + 3600), now)).toBe('6 days ago');
    const weekOld = ago(7 * 24 * 3600);
    expect(formatRelativeTime(weekOld, now)).toBe(formatDate(weekOld));
    expect(formatRelativeTime(weekOld, now)).toBe('15 Nov 2026');
  });

  it("treats a time slightly in the future as 'just now', and a non-date as nothing", () => {
    expect(formatRelativeTime(ago(-30), now)).toBe('just now');
    expect(formatRelativeTime('not a date', now)).toBe('');
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

describe('formatDateTime', () => {
  const now = new Date(2026, 10, 22, 7, 0).getTime();

  it('says today, tomorrow or yesterday with the time, then the date without the year within it', () => {
    expect(formatDateTime(new Date(2026, 10, 22, 21, 0), now)).toMatch(/^today 9:00\s?pm$/i);
    expect(formatDateTime(new Date(2026, 10, 23, 8, 15), now)).toMatch(/^tomorrow 8:15\s?am$/i);
    expect(formatDateTime(new Date(2026, 10, 21, 18, 10), now)).toMatch(/^yesterday 6:10\s?pm$/i);
    expect(formatDateTime(new Date(2026, 10, 24, 8, 15), now)).toMatch(/^24 Nov, 8:15\s?am$/i);
    expect(formatDateTime(new Date(2027, 0, 2, 8, 15), now)).toMatch(/^2 Jan 2027, 8:15\s?am$/i);
    expect(formatDateTime('not a time', now)).toBe('');
  });

  it('counts calendar days, not 24-hour spans', () => {
    const lateEvening = new Date(2026, 10, 22, 23, 30).getTime();
    expect(formatDateTime(new Date(2026, 10, 23, 0, 30), lateEvening)).toMatch(/^tomorrow 12:30\s?am$/i);
  });
});

describe('formatTimeUntil', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const inS = (seconds: number) => new Date(now + seconds * 1000).toISOString();

  it('counts down in whole units, never more time than is left', () => {
    expect(formatTimeUntil(inS(20), now)).toBe('in 1 min');
    expect(formatTimeUntil(inS(25 * 60 + 30), now)).toBe('in 25 min');
    expect(formatTimeUntil(inS(3 * 3600 + 59 * 60), now)).toBe('in 3 hr');
    expect(formatTimeUntil(inS(24 * 3600 + 5), now)).toBe('in 1 day');
    expect(formatTimeUntil(inS(2 * 24 * 3600 + 5), now)).toBe('in 2 days');
  });

  it("says 'overdue' once the time has passed", () => {
    expect(formatTimeUntil(inS(0), now)).toBe('overdue');
    expect(formatTimeUntil(inS(-3600), now)).toBe('overdue');
  });
});
