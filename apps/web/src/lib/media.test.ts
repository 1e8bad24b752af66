import { describe, expect, it } from 'vitest';
import { mediaUrl } from './media';

describe('mediaUrl', () => {
  it('leaves same-origin paths as they are', () => {
    expect(mediaUrl('/uploads/products/a.webp')).toBe('/uploads/products/a.webp');
    expect(mediaUrl('uploads/a.webp')).toBe('/uploads/a.webp');
  });

  it('passes absolute URLs through (a CDN)', () => {
    expect(mediaUrl('https://cdn.example.com/a.webp')).toBe('https://cdn.example.com/a.webp');
    expect(mediaUrl('//cdn.example.com/a.webp')).toBe('//cdn.example.com/a.webp');
    expect(mediaUrl('blob:http://localhost/123')).toBe('blob:http://localhost/123');
  });

  it('keeps a signed chat photo link whole, query string included', () => {
    const signed = '/uploads/chat/0123456789abcdef0123456789abcdef.webp?exp=1767225600&sig=Ab-_9x';
    expect(mediaUrl(signed)).toBe(signed);
    const lostFound = '/uploads/lost-found/0123456789abcdef0123456789abcdef.webp?exp=1767225600&sig=Cd-_9y';
    expect(mediaUrl(lostFound)).toBe(lostFound);
  });

  it('answers undefined for no image', () => {
    expect(mediaUrl(null)).toBeUndefined();
    expect(mediaUrl('')).toBeUndefined();
  });
});
