import jsQR from 'jsqr';

/** Pixels per module when the SVG is drawn back into a bitmap. */
export const QR_SCALE = 4;
const SCALE = QR_SCALE;

/**
 * Draws the SVG's rectangles into an RGBA bitmap, as a screen would: white where the white rects
 * are, black where the black ones are. The SVG's own quiet zone is kept; nothing else is added.
 */
export function bitmapOf(svg: SVGSVGElement) {
  const [, , w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number);
  const width = w * SCALE;
  const height = h * SCALE;
  const data = new Uint8ClampedArray(width * height * 4).fill(0);
  for (const rect of svg.querySelectorAll('rect')) {
    const x = Number(rect.getAttribute('x') ?? 0);
    const y = Number(rect.getAttribute('y') ?? 0);
    const rw = Number(rect.getAttribute('width'));
    const rh = Number(rect.getAttribute('height'));
    const value = rect.getAttribute('fill') === '#ffffff' ? 255 : 0;
    for (let py = y * SCALE; py < (y + rh) * SCALE; py++)
      for (let px = x * SCALE; px < (x + rw) * SCALE; px++) {
        const i = (py * width + px) * 4;
        data[i] = data[i + 1] = data[i + 2] = value;
        data[i + 3] = 255;
      }
  }
  return { data, width, height };
}

/** The text a QR reader gets from an inline SVG QR code (null when it reads nothing). */
export function decodeQrSvg(svg: Element): string | null {
  const { data, width, height } = bitmapOf(svg as SVGSVGElement);
  return jsQR(data, width, height)?.data ?? null;
}
