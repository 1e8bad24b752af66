import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test images made at runtime with sharp (no binary fixtures in the repository). */

/** A flat-colour PNG. */
export const pngImage = (width = 800, height = 600, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Random pixels: large files that compress badly, like photos. */
export const noisyImage = (width: number, height: number, format: 'png' | 'jpeg' = 'jpeg') => {
  const img = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
  return format === 'png'
    ? img.png({ compressionLevel: 1 }).toBuffer()
    : img.jpeg({ quality: 95 }).toBuffer();
};

/** A phone-style JPEG: landscape pixels with EXIF orientation 6 (shown portrait), camera make and GPS. */
export const jpegWithGps = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#aa5500' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Leaky 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 1/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 2/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A PNG cut in half: a valid header, then the data stops. */
export const truncatedPng = async () => {
  const whole = await noisyImage(300, 300, 'png');
  return whole.subarray(0, Math.floor(whole.length / 2));
};

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A complete, valid 1-bit greyscale PNG of width × height (20000 × 20000 = 400 megapixels in ~50 KB):
 * a decompression bomb.
 */
export function bombPng(width = 20_000, height = 20_000) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FormFile {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject: text fields (repeated for arrays) and files. */
export function multipartBody(
  fields: Record<string, string | number | boolean | string[]>,
  files: FormFile[] = [],
) {
  const boundary = `----campusrun${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value])
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(v)}\r\n`,
        ),
      );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'images'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
