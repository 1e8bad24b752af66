import { CAMPUS_TIME_ZONE, LINK_PREVIEWS } from '@campusrun/shared';
import { formatRupees, toRupees } from '../../lib/money';
import type { ProductPreviewRow, RunPreviewRow, TripPreviewRow, WantedPreviewRow } from './previews.repo';

/** What the generated card says, top to bottom (previews.images.ts draws it). */
export interface PreviewCard {
  kicker: string;
  title: string;
  detail: string;
  /** A smaller line under the detail. */
  note?: string;
  /** The campus's name, at the bottom. */
  footer: string;
}

/**
 * A link's preview: the words every robot shows and the image. Nothing here names a member: no
 * name, phone, hostel, room or delivery location; a product's description goes through `oneLine`.
 */
export interface Preview {
  title: string;
  description: string;
  /** Drawn when there is no photo. */
  card: PreviewCard;
  /** Storage key of the photo (a product's first, a wanted post's own); null: the card is the image. */
  photo: string | null;
  imageAlt: string;
}

// The times of a trip or run are written on the campus's clock (as trip notices are).
const clock = new Intl.DateTimeFormat('en-IN', {
  timeZone: CAMPUS_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const calendar = new Intl.DateTimeFormat('en-IN', {
  timeZone: CAMPUS_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/**
 * "9:00 am, Thu 12 Mar" on the campus clock: a preview is read hours or days after it was fetched,
 * so it never says "today".
 */
export const campusDateTime = (at: Date) =>
  `${clock.format(at)}, ${calendar.format(at).replace(',', '')}`.replace(/\u202f/g, ' ');

const rupees = (paise: number) => formatRupees(toRupees(paise));

/** How long the description line of a preview may be. */
const LINE_MAX = 150;
/** A phone number: ten or more digits, however spaced; an e-mail or UPI address: anything@anything. */
const PHONE = /\+?\d(?:[\s().-]*\d){9,}/g;
const ADDRESS = /[^\s@]+@[^\s@]*[^\s@.,;:!?)]/g;

/**
 * One line of a member's own words for a preview: contact details they wrote in (a phone number, an
 * e-mail or UPI address) masked, white space collapsed, cut at a word to about 150 characters.
 */
export function oneLine(text: string, max = LINE_MAX): string {
  const flat = text.replace(PHONE, '•••').replace(ADDRESS, '•••').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).replace(/[\s,.;:!?–—-]+$/, '')}…`;
}

const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ');

export function productPreview(row: ProductPreviewRow, campus: string): Preview {
  const price = rupees(row.price);
  const kicker = LINK_PREVIEWS.product.kicker[row.status];
  return {
    title: LINK_PREVIEWS.product.title(row.name, price),
    description: joined(row.status === 'available' ? '' : kicker, campus, oneLine(row.description)),
    card: { kicker, title: row.name, detail: price, footer: campus },
    photo: row.photo,
    imageAlt: row.photo
      ? LINK_PREVIEWS.product.photoAlt(row.name)
      : LINK_PREVIEWS.product.title(row.name, price),
  };
}

export function tripPreview(row: TripPreviewRow, campus: string): Preview {
  const t = LINK_PREVIEWS.trip;
  const arrives = t.arrives(campusDateTime(row.arriveAt));
  return {
    title: t.title(row.from),
    description: joined(arrives, row.cutoffPassed ? '' : t.addBy(campusDateTime(row.cutoffAt)), campus),
    card: {
      kicker: t.kicker,
      title: t.cardTitle(row.from),
      detail: arrives,
      note: row.cutoffPassed ? undefined : t.cardAddBy(campusDateTime(row.cutoffAt)),
      footer: campus,
    },
    photo: null,
    imageAlt: t.title(row.from),
  };
}

export function runPreview(row: RunPreviewRow, campus: string): Preview {
  const r = LINK_PREVIEWS.run;
  const fee = rupees(row.totalFee);
  const when = row.cutoffPassed
    ? r.deliveredBy(campusDateTime(row.deadline))
    : r.joinBy(campusDateTime(row.cutoffAt));
  return {
    title: r.title(row.pickupFrom),
    description: joined(when, r.fee(fee), campus),
    card: {
      kicker: r.kicker,
      title: r.cardTitle(row.pickupFrom),
      detail: when,
      note: r.fee(fee),
      footer: campus,
    },
    photo: null,
    imageAlt: r.title(row.pickupFrom),
  };
}

/** "Wanted: Casio fx-991EX — up to ₹800": what is wanted and the price, never who wants it. */
export function wantedPreview(row: WantedPreviewRow, campus: string): Preview {
  const w = LINK_PREVIEWS.wanted;
  const price = rupees(row.maxPrice);
  return {
    title: w.title(row.title, price),
    description: joined(campus, oneLine(row.details ?? '')),
    card: { kicker: w.kicker, title: row.title, detail: w.upTo(price), footer: campus },
    photo: row.photo,
    imageAlt: row.photo ? w.photoAlt(row.title) : w.title(row.title, price),
  };
}
