import { describe, expect, it } from 'vitest';
import { tripShare } from './trip-share';

describe('tripShare', () => {
  it('sends where the trip comes from and when it arrives', () => {
    const now = new Date(2026, 2, 12, 8, 0).getTime();
    const arriveAt = new Date(2026, 2, 12, 17, 0).toISOString();
    expect(tripShare({ from: 'Katpadi', arriveAt }, now)).toEqual({
      title: 'Trip from Katpadi',
      text: 'Trip from Katpadi, arriving today 5:00 pm',
    });
  });
});
