import { PRODUCT_MESSAGES } from '@campusrun/shared';
import { describe, expect, it } from 'vitest';
import { moveItem, perPhotoProgress, pickPhotos } from './photo-rules';

const file = (name: string, size = 100, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

describe('photo rules', () => {
  it('fills each photo in turn as the upload goes', () => {
    expect(perPhotoProgress(0, [100, 300])).toEqual([0, 0]);
    expect(perPhotoProgress(0.125, [100, 300])).toEqual([0.5, 0]);
    expect(perPhotoProgress(0.5, [100, 300])).toEqual([1, 1 / 3]);
    expect(perPhotoProgress(1, [100, 300])).toEqual([1, 1]);
  });

  it('moves a photo and keeps the others in order', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('takes up to five photos and names the first problem', () => {
    const big = file('big.png', 2000);
    expect(pickPhotos(4, [file('a.png'), file('b.png')], 1000, 'too big')).toEqual({
      accepted: [],
      problem: PRODUCT_MESSAGES.maxImages,
    });
    const picked = pickPhotos(1, [file('a.png'), big, file('c.txt', 10, 'text/plain')], 1000, 'too big');
    expect(picked.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(picked.problem).toBe('too big');
  });
});
