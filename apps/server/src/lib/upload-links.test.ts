import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUploadLinks } from './upload-links';

const current = 'c'.repeat(40);
const older = 'o'.repeat(40);
const KEY = 'chat/0123456789abcdef0123456789abcdef.webp';

/** The parts of a link's query. */
const partsOf = (url: string) => {
  const query = new URL(url, 'http://localhost').searchParams;
  return { exp: query.get('exp') ?? '', sig: query.get('sig') ?? '' };
};

describe('photo links across a key rotation', () => {
  it('signs with one key as links were always signed', () => {
    const { exp, sig } = partsOf(createUploadLinks([older]).url(KEY));
    const linkKey = createHmac('sha256', older).update('campusrun upload links').digest();
    expect(sig).toBe(createHmac('sha256', linkKey).update(`${KEY}\n${exp}`).digest('base64url'));
  });

  it('still opens a link made before the rotation while the older key is listed', () => {
    const { exp, sig } = partsOf(createUploadLinks([older]).url(KEY));
    const rotated = createUploadLinks([current, older]);
    expect(rotated.check(KEY, exp, sig)).toBeGreaterThan(3500);
    expect(rotated.check('chat/another.webp', exp, sig)).toBeUndefined();
    // Once the older key is removed, its links open no more.
    expect(createUploadLinks([current]).check(KEY, exp, sig)).toBeUndefined();
  });

  it('signs new links with the first key', () => {
    const { exp, sig } = partsOf(createUploadLinks([current, older]).url(KEY));
    expect(createUploadLinks([current]).check(KEY, exp, sig)).toBeGreaterThan(3500);
    expect(createUploadLinks([older]).check(KEY, exp, sig)).toBeUndefined();
  });
});
