import { describe, expect, it } from 'vitest';
import { paymentNote, upiUri } from './settlements.presenter';

describe('upiUri', () => {
  it('writes the UPI link exactly, every value encoded', () => {
    expect(
      upiUri({
        upiId: 'dev.kumar@okaxis',
        payeeName: 'Dev Kumar',
        amount: 120,
        note: 'CampusRun request #12',
      }),
    ).toBe('upi://pay?pa=dev.kumar%40okaxis&pn=Dev%20Kumar&am=120.00&cu=INR&tn=CampusRun%20request%20%2312');
  });

  it('encodes names with spaces and & and writes paise with two decimals', () => {
    expect(
      upiUri({
        upiId: 'a_b-c@ybl',
        payeeName: 'Meera & Sons',
        amount: 0.5,
        note: 'CampusRun sale of Pens & Ink',
      }),
    ).toBe(
      'upi://pay?pa=a_b-c%40ybl&pn=Meera%20%26%20Sons&am=0.50&cu=INR&tn=CampusRun%20sale%20of%20Pens%20%26%20Ink',
    );
    expect(upiUri({ upiId: 'x@ybl', payeeName: 'X', amount: 2799.9, note: 'n' })).toContain('&am=2799.90&');
  });

  it("notes a request by its number and a sale by the product's name", () => {
    expect(paymentNote({ kind: 'request', requestNumber: 7, title: 'Notebook' })).toBe(
      'CampusRun request #7',
    );
    expect(paymentNote({ kind: 'sale', requestNumber: null, title: 'Desk lamp' })).toBe(
      'CampusRun sale of Desk lamp',
    );
  });
});
