import { describe, expect, it } from 'vitest';
import { campusDateTime, oneLine, productPreview, runPreview, tripPreview } from './previews.presenter';

describe('oneLine', () => {
  it('collapses white space and keeps a short text whole', () => {
    expect(oneLine('  Blue cycle,\n\n  two years old.  ')).toBe('Blue cycle, two years old.');
  });

  it('cuts a long text at a word, to about 150 characters, with an ellipsis', () => {
    const line = oneLine(`${'word '.repeat(60)}end`);
    expect(line.length).toBeLessThanOrEqual(150);
    expect(line).toMatch(/word…$/);
  });

  it('masks phone numbers and e-mail or UPI addresses the member wrote in', () => {
    const line = oneLine(
      'Call 98765 43210 or +91-98765-43210, mail sita.s@example.edu, pay sita@okaxis. Price ₹1,500 for 2 pieces.',
    );
    expect(line).not.toMatch(/98765|43210|sita|okaxis/);
    expect(line).toBe('Call ••• or •••, mail •••, pay •••. Price ₹1,500 for 2 pieces.');
  });
});

describe('the words of a preview', () => {
  const at = new Date('2026-03-12T03:30:00Z');

  it('says times on the campus clock with the day', () => {
    expect(campusDateTime(at)).toBe('9:00 am, Thu 12 Mar');
  });

  it('a product: name and price, the campus and one line of its description; its status when not available', () => {
    const row = {
      id: 'x',
      name: 'Lady Bird cycle',
      description: 'Blue',
      price: 280_000,
      status: 'available' as const,
      photo: 'products/a.webp',
    };
    expect(productPreview(row, 'VIT')).toEqual({
      title: 'Lady Bird cycle — ₹2,800',
      description: 'VIT · Blue',
      card: { kicker: 'For sale', title: 'Lady Bird cycle', detail: '₹2,800', footer: 'VIT' },
      photo: 'products/a.webp',
      imageAlt: 'Photo of Lady Bird cycle',
    });
    expect(productPreview({ ...row, status: 'sold' }, 'VIT').description).toBe('Sold · VIT · Blue');
  });

  it('a trip: where from, when it arrives and until when requests are added', () => {
    const row = {
      id: 'x',
      from: 'Katpadi',
      arriveAt: at,
      cutoffAt: new Date('2026-03-12T02:45:00Z'),
      cutoffPassed: false,
    };
    const preview = tripPreview(row, 'VIT');
    expect(preview.title).toBe('Trip from Katpadi');
    expect(preview.description).toBe(
      'Arrives 9:00 am, Thu 12 Mar · add requests by 8:15 am, Thu 12 Mar · VIT',
    );
    expect(tripPreview({ ...row, cutoffPassed: true }, 'VIT').description).toBe(
      'Arrives 9:00 am, Thu 12 Mar · VIT',
    );
    expect(preview.photo).toBeNull();
  });

  it('a shared run: where to, until when to join and the fee', () => {
    const row = {
      id: 'x',
      pickupFrom: 'Katpadi market',
      cutoffAt: at,
      deadline: new Date('2026-03-12T08:30:00Z'),
      cutoffPassed: false,
      totalFee: 8000,
    };
    const preview = runPreview(row, 'VIT');
    expect(preview.title).toBe('Shared run to Katpadi market');
    expect(preview.description).toBe(
      'Join by 9:00 am, Thu 12 Mar · ₹80 delivery fee, split between everyone in it · VIT',
    );
    expect(preview.card).toMatchObject({
      detail: 'Join by 9:00 am, Thu 12 Mar',
      note: '₹80 delivery fee, split between everyone in it',
    });
    expect(runPreview({ ...row, cutoffPassed: true }, 'VIT').description).toMatch(
      /^Delivery by 2:00 pm, Thu 12 Mar · /,
    );
  });
});
