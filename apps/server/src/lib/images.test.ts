import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_MESSAGES, CHAT_MESSAGES, PRODUCT_MESSAGES } from '@campusrun/shared';
import { bombPng, jpegWithGps, noisyImage, pngImage, truncatedPng } from '../test/images';
import { CHAT_IMAGE_LIMITS, processAvatar, processImage } from './images';

const rejection = async (input: Buffer) => {
  const err = await processImage(input).then(
    () => undefined,
    (e: unknown) => e as { statusCode: number; message: string },
  );
  return err && { status: err.statusCode, message: err.message };
};

describe('processImage', () => {
  it.each([
    ['PNG', () => pngImage(900, 700)],
    ['JPEG', () => noisyImage(900, 700)],
    [
      'WebP',
      () =>
        sharp({ create: { width: 900, height: 700, channels: 3, background: '#123456' } })
          .webp()
          .toBuffer(),
    ],
    [
      'GIF (animated: first frame)',
      async () => {
        const frame = await sharp({ create: { width: 90, height: 70, channels: 4, background: '#ff0000' } })
          .raw()
          .toBuffer();
        return sharp(Buffer.concat([frame, frame, frame]), {
          raw: { width: 90, height: 210, channels: 4, pageHeight: 70 },
        })
          .gif()
          .toBuffer();
      },
    ],
    [
      '16-bit PNG with alpha',
      () =>
        sharp({
          create: { width: 900, height: 700, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } },
        })
          .png()
          .toColourspace('rgb16')
          .toBuffer(),
    ],
    [
      'greyscale JPEG',
      () =>
        sharp({ create: { width: 900, height: 700, channels: 3, background: '#777' } })
          .greyscale()
          .jpeg()
          .toBuffer(),
    ],
    [
      'CMYK JPEG',
      () =>
        sharp({ create: { width: 900, height: 700, channels: 3, background: '#3366cc' } })
          .toColourspace('cmyk')
          .jpeg()
          .toBuffer(),
    ],
  ])('turns a %s into WebP plus a thumbnail', async (_name, make) => {
    const out = await processImage(await make());
    for (const img of [out.full, out.thumb]) {
      const meta = await sharp(img.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([img.width, img.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    expect(Math.max(out.thumb.width, out.thumb.height)).toBeLessThanOrEqual(400);
  });

  it('applies EXIF orientation and drops the EXIF', async () => {
    const out = await processImage(await jpegWithGps(1200, 900));
    expect([out.full.width, out.full.height]).toEqual([900, 1200]);
    expect([out.thumb.width, out.thumb.height]).toEqual([300, 400]);
    expect((await sharp(out.full.data).metadata()).exif).toBeUndefined();
  });

  it('refuses non-images, damaged files, other formats and decompression bombs with clear messages', async () => {
    expect(await rejection(Buffer.from('hello'))).toEqual({
      status: 415,
      message: PRODUCT_MESSAGES.imageType,
    });
    expect(await rejection(Buffer.alloc(0))).toEqual({ status: 415, message: PRODUCT_MESSAGES.imageType });
    expect(await rejection(await truncatedPng())).toEqual({
      status: 415,
      message: PRODUCT_MESSAGES.imageCorrupt,
    });
    expect(await rejection((await pngImage()).subarray(0, 40))).toEqual({
      status: 415,
      message: PRODUCT_MESSAGES.imageType,
    });
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    expect(await rejection(tiff)).toEqual({ status: 415, message: PRODUCT_MESSAGES.imageType });
    expect(await rejection(bombPng(20_000, 20_000))).toEqual({
      status: 413,
      message: PRODUCT_MESSAGES.imagePixels,
    });
    expect(await rejection(bombPng(100_000, 8))).toBeUndefined(); // 0.8 MP: long but allowed
  });
});

describe('processAvatar', () => {
  it('centre-crops any shape to a 256 px WebP square, enlarging a small one', async () => {
    for (const [w, h] of [
      [1200, 500],
      [300, 900],
      [40, 30],
    ]) {
      const out = await processAvatar(await pngImage(w, h));
      const meta = await sharp(out.data).metadata();
      expect([meta.format, meta.width, meta.height, out.width, out.height]).toEqual([
        'webp',
        256,
        256,
        256,
        256,
      ]);
    }
  });

  it('refuses what processImage refuses, with the same messages', async () => {
    const refusal = (input: Buffer) =>
      processAvatar(input).then(
        () => undefined,
        (e: { statusCode: number; message: string }) => [e.statusCode, e.message],
      );
    expect(await refusal(Buffer.from('hello'))).toEqual([415, PRODUCT_MESSAGES.imageType]);
    expect(await refusal(await truncatedPng())).toEqual([415, PRODUCT_MESSAGES.imageCorrupt]);
    expect(await refusal(bombPng(20_000, 20_000))).toEqual([413, AVATAR_MESSAGES.imagePixels]);
  });
});

describe('decoded size of chat photos and avatars', () => {
  it('refuses a chat photo or an avatar over 12 megapixels from its header, without decoding it', async () => {
    const bomb = bombPng(6300, 6300); // 39.7 megapixels of one colour in a few kilobytes
    const timed = async (work: Promise<unknown>) => {
      const started = performance.now();
      const err = (await work.then(
        () => undefined,
        (e: unknown) => e,
      )) as { statusCode: number; message: string } | undefined;
      return { refusal: err && [err.statusCode, err.message], ms: performance.now() - started };
    };
    const chat = await timed(processImage(bomb, CHAT_IMAGE_LIMITS));
    expect(chat.refusal).toEqual([413, CHAT_MESSAGES.photoPixels]);
    const avatar = await timed(processAvatar(bomb));
    expect(avatar.refusal).toEqual([413, AVATAR_MESSAGES.imagePixels]);
    // Decoding it costs about 2 s of CPU; its header is read in milliseconds.
    expect(chat.ms + avatar.ms).toBeLessThan(1000);
    // 12 megapixels exactly is still a photo.
    expect((await timed(processImage(bombPng(4000, 3000), CHAT_IMAGE_LIMITS))).refusal).toBeUndefined();
  });
});
