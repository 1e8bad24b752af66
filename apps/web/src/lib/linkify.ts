/** A piece of a message: plain text, or a web address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * An http(s) address with a host right after the two slashes, up to the next space or character that
 * cannot be part of one in running text.
 */
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`/\\][^\s<>"'`]*/gi;
/** Punctuation that ends a sentence rather than an address. */
const TRAILING = /[.,;:!?*_~]+$/;

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops trailing punctuation, and a closing bracket that has no opening one inside the address. */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const before = address;
    address = address.replace(TRAILING, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
      ['{', '}'],
    ] as const) {
      if (address.endsWith(close) && count(address, close) > count(address, open))
        address = address.slice(0, -1);
    }
    if (address === before) return address;
  }
}

/** The address as a link target, or null when it is not a well-formed http(s) address with a host. */
function linkTarget(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return url.href;
}

/**
 * Splits message text into plain text and http(s) links. Only http and https addresses become links;
 * every other scheme (javascript:, data:, mailto:…) and a bare www. stays text. The parts are meant
 * to be rendered as React text and anchors, never as HTML.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    const href = address.length > 0 ? linkTarget(address) : null;
    if (!href) continue;
    plain += text.slice(last, match.index);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'link', text: address, href });
    last = match.index + address.length;
  }
  plain += text.slice(last);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}
