import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QR_SCALE, bitmapOf } from '@/test/qr';
import { upiUriFor } from '@/test/settlements';
import { UpiQrCode } from './UpiQrCode';

describe('UPI QR code', () => {
  it('draws a QR code that any reader decodes to exactly the UPI link', () => {
    const uri = upiUriFor(120, 12);
    render(<UpiQrCode text={uri} label="QR code to pay ₹120 by UPI" />);
    const svg = screen.getByRole('img', { name: 'QR code to pay ₹120 by UPI' }) as unknown as SVGSVGElement;
    // The quiet zone is light: the border rows and columns of the bitmap are white.
    const { data, width, height } = bitmapOf(svg);
    expect(data.slice(0, width * 4 * QR_SCALE).every((v) => v === 255)).toBe(true);
    const decoded = jsQR(data, width, height);
    expect(decoded?.data).toBe(uri);
  });

  it('encodes a sale with a long product name and other characters too', () => {
    const uri = `upi://pay?pa=${encodeURIComponent('kiran.s-99@ybl')}&pn=${encodeURIComponent('Kiran Seller')}&am=1499.50&cu=INR&tn=${encodeURIComponent('CampusRun sale of Study table & chair (teak), barely used')}`;
    render(<UpiQrCode text={uri} label="QR code" />);
    const svg = screen.getByRole('img', { name: 'QR code' }) as unknown as SVGSVGElement;
    const { data, width, height } = bitmapOf(svg);
    expect(jsQR(data, width, height)?.data).toBe(uri);
  });
});
