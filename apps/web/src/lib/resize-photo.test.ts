import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fitWithin, isAnimated, keepsOriginal, mayShrink, renamed, resizePhoto } from './resize-photo';

// jsdom's Blob has no arrayBuffer(), which every browser's has: read through FileReader here.
beforeAll(() => {
  if (typeof Blob.prototype.arrayBuffer === 'function') return;
  Blob.prototype.arrayBuffer = function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsArrayBuffer(this);
    });
  };
});

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
/** A PNG chunk: length, type, `length` bytes of data, CRC. */
const chunk = (type: string, length = 0) => [
  ...u32(length),
  ...bytes(type),
  ...new Array<number>(length + 4).fill(0),
];
const PNG_SIGNATURE = [0x89, ...bytes('PNG'), 0x0d, 0x0a, 0x1a, 0x0a];

describe('fitWithin', () => {
  it.each([
    // A 12 MP camera photo, landscape and portrait.
    [4000, 3000, 1600, 1200],
    [3000, 4000, 1200, 1600],
    // Exactly the limit, and under it: never enlarged.
    [1600, 900, 1600, 900],
    [640, 480, 640, 480],
    // A panorama keeps its ratio, in whole pixels, never below 1.
    [12000, 2000, 1600, 267],
    [20000, 5, 1600, 1],
  ])('%i×%i → %i×%i', (width, height, w, h) => {
    expect(fitWithin(width, height)).toEqual({ width: w, height: h });
  });
});

describe('keepsOriginal', () => {
  it('sends the resized copy of anything larger than 1600 px, whatever its size', () => {
    expect(keepsOriginal({ width: 4000, height: 3000, bytes: 10_000_000 }, 450_000)).toBe(false);
    expect(keepsOriginal({ width: 1601, height: 800, bytes: 90_000 }, 120_000)).toBe(false);
  });

  it('keeps a photo within 1600 px unless the copy is smaller', () => {
    expect(keepsOriginal({ width: 800, height: 600, bytes: 40_000 }, 55_000)).toBe(true);
    expect(keepsOriginal({ width: 800, height: 600, bytes: 40_000 }, 40_000)).toBe(true);
    expect(keepsOriginal({ width: 1600, height: 1200, bytes: 2_500_000 }, 380_000)).toBe(false);
  });
});

describe('isAnimated', () => {
  it('tells a GIF, an animated PNG and an animated WebP from still images', () => {
    expect(isAnimated(bytes('GIF89a', [1, 0, 1, 0]))).toBe(true);
    expect(isAnimated(bytes(PNG_SIGNATURE, chunk('IHDR', 13), chunk('acTL', 8), chunk('IDAT', 4)))).toBe(
      true,
    );
    expect(isAnimated(bytes(PNG_SIGNATURE, chunk('IHDR', 13), chunk('IDAT', 4), chunk('IEND')))).toBe(false);
    // A large colour profile before the pixels is stepped over.
    expect(isAnimated(bytes(PNG_SIGNATURE, chunk('IHDR', 13), chunk('iCCP', 3000), chunk('IDAT', 4)))).toBe(
      false,
    );
    const vp8x = (flags: number) => bytes('RIFF', u32(100), 'WEBP', 'VP8X', u32(10), [flags, 0, 0, 0]);
    expect(isAnimated(vp8x(0x02))).toBe(true);
    expect(isAnimated(vp8x(0x10))).toBe(false);
    expect(isAnimated(bytes('RIFF', u32(100), 'WEBP', 'VP8 ', u32(10)))).toBe(false);
    expect(isAnimated(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe(false);
  });
});

describe('renamed', () => {
  it('keeps the name and gives it the extension of what is sent', () => {
    expect(renamed('IMG_2041.HEIC', 'image/jpeg')).toBe('IMG_2041.jpg');
    expect(renamed('calculator.jpg', 'image/webp')).toBe('calculator.webp');
    expect(renamed('my.lamp.photo.png', 'image/webp')).toBe('my.lamp.photo.webp');
    expect(renamed('scan', 'image/webp')).toBe('scan.webp');
    expect(renamed('', 'image/jpeg')).toBe('photo.jpg');
  });
});

/** A canvas that "encodes" to a blob of `bytes` bytes, as this browser's would, in `types` it writes. */
function fakeCanvas(bytesOut: number, writes: string[] = ['image/webp', 'image/jpeg']) {
  const drawn: { width: number; height: number }[] = [];
  class FakeOffscreenCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return {
        fillRect: () => undefined,
        drawImage: (_image: unknown, _x: number, _y: number, width: number, height: number) =>
          void drawn.push({ width, height }),
      };
    }
    convertToBlob({ type }: { type: string }) {
      const written = writes.includes(type) ? type : 'image/png';
      return Promise.resolve(new Blob([new Uint8Array(bytesOut)], { type: written }));
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return drawn;
}

const decodesAs = (width: number, height: number) => {
  const bitmap = { width, height, close: vi.fn() };
  const decode = vi.fn(() => Promise.resolve(bitmap));
  vi.stubGlobal('createImageBitmap', decode);
  return { decode, bitmap };
};

const photo = (size: number, name = 'camera.jpg', type = 'image/jpeg', head = [0xff, 0xd8, 0xff]) => {
  const data = new Uint8Array(size);
  data.set(head);
  return new File([data], name, { type, lastModified: 1234 });
};

describe('resizePhoto', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a camera photo (4000×3000) at 1600 px as WebP, decoded upright, under its own name', async () => {
    const { decode, bitmap } = decodesAs(4000, 3000);
    const drawn = fakeCanvas(400_000);
    const original = photo(1_200_000, 'IMG_2041.jpg');
    expect(mayShrink(original)).toBe(true);
    const sent = await resizePhoto(original);
    expect(decode).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(drawn).toEqual([{ width: 1600, height: 1200 }]);
    expect(sent).toMatchObject({
      name: 'IMG_2041.webp',
      type: 'image/webp',
      size: 400_000,
      lastModified: 1234,
    });
    expect(bitmap.close).toHaveBeenCalled();
    // Made once: the form's check and the upload share it, and the copy is sent as it is.
    expect(await resizePhoto(original)).toBe(sent);
    expect(await resizePhoto(sent)).toBe(sent);
    expect(decode).toHaveBeenCalledOnce();
  });

  it('writes JPEG where the canvas cannot write WebP', async () => {
    decodesAs(3000, 4000);
    const drawn = fakeCanvas(200_000, ['image/jpeg']);
    const sent = await resizePhoto(photo(900_000, 'portrait.png', 'image/png', [0x89, 0x50, 0x4e, 0x47]));
    expect(sent).toMatchObject({ name: 'portrait.jpg', type: 'image/jpeg' });
    expect(drawn.at(-1)).toEqual({ width: 1200, height: 1600 });
  });

  it('keeps a small photo whose copy would be larger', async () => {
    decodesAs(800, 600);
    fakeCanvas(90_000);
    const small = photo(50_000, 'small.jpg');
    expect(await resizePhoto(small)).toBe(small);
  });

  it('sends the original of what it cannot decode, and of GIFs, without trying', async () => {
    const decode = vi.fn(() => Promise.reject(new DOMException('unsupported', 'InvalidStateError')));
    vi.stubGlobal('createImageBitmap', decode);
    fakeCanvas(10);
    vi.stubGlobal('Image', undefined);
    const broken = photo(700_000, 'broken.jpg');
    expect(await resizePhoto(broken)).toBe(broken);

    const gif = photo(
      600_000,
      'party.gif',
      'image/gif',
      [...'GIF89a'].map((c) => c.charCodeAt(0)),
    );
    expect(mayShrink(gif)).toBe(false);
    expect(await resizePhoto(gif)).toBe(gif);
    // An animated WebP is read as one by its header, not decoded.
    const animated = photo(300_000, 'loop.webp', 'image/webp');
    const header = new Uint8Array(await animated.slice(0, 30).arrayBuffer());
    header.set(bytes('RIFF', u32(100), 'WEBP', 'VP8X', u32(10), [0x02]));
    const loop = new File([header, animated.slice(30)], 'loop.webp', { type: 'image/webp' });
    decode.mockClear();
    expect(await resizePhoto(loop)).toBe(loop);
    expect(decode).not.toHaveBeenCalled();
  });

  it('sends the original where the browser has no createImageBitmap (nothing is tried)', async () => {
    const original = photo(600_000);
    expect(mayShrink(original)).toBe(false);
    expect(await resizePhoto(original)).toBe(original);
  });
});
