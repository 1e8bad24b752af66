import sharp from 'sharp';
import { LINK_PREVIEWS, PRODUCT_LIMITS } from '@campusrun/shared';
import { escapeHtml } from '../../lib/html';
import { PREVIEW_IMAGE } from './previews.page';
import type { PreviewCard } from './previews.presenter';

const { width: W, height: H } = PREVIEW_IMAGE;

/**
 * A product's photo as a preview image: 1200×630 JPEG. A photo of about that shape fills it; any
 * other (a phone's upright photo) is shown whole, centred on a blurred, darkened copy of itself, so
 * nothing of the item is cut off.
 */
export async function photoImage(input: Buffer): Promise<Buffer> {
  const open = () =>
    sharp(input, { limitInputPixels: PRODUCT_LIMITS.maxImagePixels, failOn: 'error', pages: 1 });
  const { width = 1, height = 1 } = await open().metadata();
  const ratio = width / height;
  const jpeg = { quality: 82, mozjpeg: true } as const;
  if (ratio >= 1.6 && ratio <= 2.3) return open().resize(W, H, { fit: 'cover' }).jpeg(jpeg).toBuffer();
  // Blurred small, then enlarged: smooth and cheap.
  const small = await open()
    .resize(Math.round(W / 8), Math.round(H / 8), { fit: 'cover' })
    .blur(3)
    .modulate({ brightness: 0.7 })
    .toBuffer();
  const [backdrop, photo] = await Promise.all([
    sharp(small).resize(W, H, { kernel: 'cubic' }).toBuffer(),
    open().resize(W, H, { fit: 'inside' }).toBuffer(),
  ]);
  return sharp(backdrop)
    .composite([{ input: photo, gravity: 'centre' }])
    .jpeg(jpeg)
    .toBuffer();
}

// ---- the card ----------------------------------------------------------------------------------

/**
 * Advance widths of Liberation Sans Bold (Arial Bold's metrics), in thousandths of the font size, to
 * wrap the card's lines without a layout engine. A character not listed counts a full em: wide
 * scripts and emoji never overflow, they only wrap early.
 */
const WIDTHS: Record<string, number> = {};
const widths: Array<[string, number]> = [
  [' ', 278],
  ["iljI.,:;!|'", 278],
  ['ft()[]/-', 333],
  ['r', 389],
  ['"', 474],
  ['z*', 500],
  ['acesxyvkJ0123456789$?_#₹', 556],
  ['bdghnopqu', 611],
  ['EFLTZ', 611],
  ['PSVXY', 667],
  ['ABCDHKNRUw&', 722],
  ['GOQ', 778],
  ['mM', 889],
  ['W', 944],
  ['—', 1000],
  ['·', 278],
  ['…', 1000],
];
for (const [chars, width] of widths) for (const c of chars) WIDTHS[c] = width;

const textWidth = (text: string, size: number) =>
  ([...text].reduce((sum, c) => sum + (WIDTHS[c] ?? 1000), 0) * size) / 1000;

/** `text` cut to fit `max` pixels at `size`, with an ellipsis. */
function ellipsize(text: string, size: number, max: number): string {
  if (textWidth(text, size) <= max) return text;
  const chars = [...text];
  while (chars.length && textWidth(`${chars.join('').trimEnd()}…`, size) > max) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * The words of `text` in lines at most `max` pixels wide at `size`, at most `lines` of them (the last
 * one cut with an ellipsis when the text goes on); a word longer than a line is broken.
 */
function wrap(text: string, size: number, max: number, lines: number): { lines: string[]; fits: boolean } {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, size) <= max) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = word;
    while (textWidth(line, size) > max) {
      const chars = [...line];
      let head = '';
      while (chars.length && textWidth(head + chars[0]!, size) <= max) head += chars.shift()!;
      out.push(head || chars.shift()!);
      line = chars.join('');
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return { lines: out, fits: true };
  const kept = out.slice(0, lines);
  kept[lines - 1] = ellipsize(`${kept[lines - 1]!} ${out[lines]!}`, size, max);
  return { lines: kept, fits: false };
}

/**
 * The first of `options` (a size and at most so many lines, in order of preference) at which `text`
 * fits whole; else the last one, cut with an ellipsis.
 */
function fit(text: string, options: ReadonlyArray<readonly [size: number, lines: number]>, max: number) {
  for (const [size, lines] of options) {
    const wrapped = wrap(text, size, max, lines);
    if (wrapped.fits) return { size, lines: wrapped.lines };
  }
  const [size, lines] = options[options.length - 1]!;
  return { size, lines: wrap(text, size, max, lines).lines };
}

/** Characters XML does not allow (controls, lone surrogates, non-characters) are dropped. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** A member's text as one line of the card: characters XML does not allow dropped, spaces collapsed. */
const clean = (text: string) => text.replace(NOT_XML, '').replace(/\s+/g, ' ').trim();

const FONT = `font-family="'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif"`;
const MARGIN = 72;
const LINE = W - 2 * MARGIN;

/** One line of the card's text, at a baseline. */
const textAt = (y: number, size: number, fill: string, text: string, style = ' font-weight="700"') =>
  `<text x="${MARGIN}" y="${y}" font-size="${size}"${style} fill="${fill}">${escapeHtml(text)}</text>`;
const PLAIN = '';
const SPACED = ' font-weight="700" letter-spacing="3"';

/**
 * The card of something without a photo, white on the app's indigo: the app's mark and name, what it
 * is (kicker), its title in large type (one line, or two smaller), its price or time, a note under it,
 * and under a rule the campus. Every text is escaped; the lines are laid out so the longest title
 * and detail still end above the rule.
 */
function cardSvg(card: PreviewCard): string {
  const title = fit(
    clean(card.title),
    [
      [84, 1],
      [72, 1],
      [64, 2],
      [56, 2],
    ],
    LINE,
  );
  const detail = fit(
    clean(card.detail),
    [
      [56, 1],
      [48, 1],
      [42, 1],
      [36, 1],
    ],
    LINE,
  );
  const texts = [
    textAt(210, 30, '#c7d2fe', ellipsize(clean(card.kicker).toUpperCase(), 30, LINE - 60), SPACED),
  ];
  let y = 228;
  for (const line of title.lines)
    texts.push(textAt((y += Math.round(title.size * 1.12)), title.size, '#ffffff', line));
  y += 18 + Math.round(detail.size * 1.2);
  texts.push(textAt(y, detail.size, '#fde68a', detail.lines[0] ?? ''));
  if (card.note) texts.push(textAt(y + 50, 34, '#e0e7ff', ellipsize(clean(card.note), 34, LINE), PLAIN));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#312e81"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<circle cx="1110" cy="70" r="250" fill="#ffffff" fill-opacity="0.06"/>` +
    `<circle cx="1190" cy="600" r="170" fill="#ffffff" fill-opacity="0.05"/>` +
    `<g ${FONT}>` +
    // The app's mark (its favicon, white on indigo turned indigo on white) and name.
    `<g transform="translate(${MARGIN} 64)"><rect width="64" height="64" rx="16" fill="#ffffff"/>` +
    `<path d="M18 35 27 44 46 22" fill="none" stroke="#4f46e5" stroke-width="6.4" stroke-linecap="round" stroke-linejoin="round"/></g>` +
    `<text x="${MARGIN + 84}" y="109" font-size="40" font-weight="700" fill="#ffffff">${escapeHtml(LINK_PREVIEWS.appName)}</text>` +
    texts.join('') +
    `<rect x="${MARGIN}" y="${H - 100}" width="${LINE}" height="2" fill="#ffffff" fill-opacity="0.25"/>` +
    textAt(H - 50, 32, '#e0e7ff', ellipsize(clean(card.footer), 32, LINE), PLAIN) +
    `</g></svg>`
  );
}

/** The card drawn: 1200×630 PNG. */
export const cardImage = (card: PreviewCard): Promise<Buffer> =>
  sharp(Buffer.from(cardSvg(card)))
    .png({ compressionLevel: 9 })
    .toBuffer();
