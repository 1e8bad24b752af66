import { describe, expect, it } from 'vitest';
import { deadlineShortcuts, toLocalInput } from './deadline-input';

const at = (hour: number, minute = 0) => new Date(2026, 10, 25, hour, minute);
const labels = (now: Date) => deadlineShortcuts(now).map((s) => s.label);
const valueOf = (now: Date, label: string) => deadlineShortcuts(now).find((s) => s.label === label)?.value;

describe('deadline shortcuts', () => {
  it('offers all four in the afternoon, each at its local time', () => {
    const now = at(14, 5);
    expect(labels(now)).toEqual(['In 1 hour', 'In 3 hours', 'Tonight 9 pm', 'Tomorrow 10 am']);
    expect(valueOf(now, 'In 1 hour')).toBe('2026-11-25T15:05');
    expect(valueOf(now, 'In 3 hours')).toBe('2026-11-25T17:05');
    expect(valueOf(now, 'Tonight 9 pm')).toBe('2026-11-25T21:00');
    expect(valueOf(now, 'Tomorrow 10 am')).toBe('2026-11-26T10:00');
  });

  it('drops "Tonight 9 pm" once 9 pm is an hour away or past, and never moves it to another day', () => {
    expect(labels(at(19, 59))).toContain('Tonight 9 pm');
    expect(labels(at(20, 0))).toEqual(['In 1 hour', 'In 3 hours', 'Tomorrow 10 am']);
    expect(labels(at(22, 0))).toEqual(['In 1 hour', 'In 3 hours', 'Tomorrow 10 am']);
  });

  it('rolls over the month end and keeps every shortcut in the future', () => {
    const now = new Date(2026, 10, 30, 23, 30);
    expect(valueOf(now, 'In 1 hour')).toBe('2026-12-01T00:30');
    expect(valueOf(now, 'Tomorrow 10 am')).toBe('2026-12-01T10:00');
    for (const shortcut of deadlineShortcuts(now))
      expect(new Date(shortcut.value).getTime()).toBeGreaterThan(now.getTime());
  });

  it('writes datetime-local values to the minute', () => {
    expect(toLocalInput(new Date(2026, 0, 2, 3, 4, 59))).toBe('2026-01-02T03:04');
  });
});
