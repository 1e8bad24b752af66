import { describe, expect, it } from 'vitest';
import { productShare } from './product-share';

describe('productShare', () => {
  it('sends the name as the title and the name and price as the text', () => {
    expect(productShare({ name: 'Lady Bird cycle', price: 2800 })).toEqual({
      title: 'Lady Bird cycle',
      text: 'Lady Bird cycle — ₹2,800',
    });
  });

  it('writes paise when the price has them', () => {
    expect(productShare({ name: 'Pens', price: 12.5 }).text).toBe('Pens — ₹12.50');
  });
});
