import { describe, expect, it } from 'vitest';
import { soonTimes } from './TimeShortcuts';

const at = (hour: number, minute = 0) => new Date(2026, 10, 23, hour, minute);

describe('one-tap times', () => {
  it('counts from now, then names clock times today', () => {
    expect(soonTimes(at(10, 7), { minutes: [30, 60, 120], hours: [17, 19] })).toEqual([
      { label: 'In 30 min', value: '2026-11-23T10:37' },
      { label: 'In 1 hour', value: '2026-11-23T11:07' },
      { label: 'In 2 hours', value: '2026-11-23T12:07' },
      { label: '5 pm', value: '2026-11-23T17:00' },
      { label: '7 pm', value: '2026-11-23T19:00' },
    ]);
  });

  it('moves a clock time to tomorrow once today’s is less than half an hour away', () => {
    const times = soonTimes(at(16, 45), { minutes: [], hours: [17, 19] });
    expect(times).toEqual([
      { label: 'Tomorrow 5 pm', value: '2026-11-24T17:00' },
      { label: '7 pm', value: '2026-11-23T19:00' },
    ]);
    expect(soonTimes(at(16, 30), { minutes: [], hours: [17] })).toEqual([
      { label: '5 pm', value: '2026-11-23T17:00' },
    ]);
  });

  it('writes the morning and noon as a clock does', () => {
    expect(soonTimes(at(6), { minutes: [], hours: [9, 12] }).map((t) => t.label)).toEqual(['9 am', '12 pm']);
  });
});
