import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const links = (text: string) => linkify(text).filter((p) => p.kind === 'link');

describe('linkify', () => {
  it('leaves text without an address as one plain part', () => {
    expect(linkify('See you at the gate')).toEqual([{ kind: 'text', text: 'See you at the gate' }]);
    expect(linkify('')).toEqual([]);
  });

  it('turns an http or https address into a link between the plain text around it', () => {
    expect(linkify('Photos: https://example.com/cycle?id=3#top and more')).toEqual([
      { kind: 'text', text: 'Photos: ' },
      {
        kind: 'link',
        text: 'https://example.com/cycle?id=3#top',
        href: 'https://example.com/cycle?id=3#top',
      },
      { kind: 'text', text: ' and more' },
    ]);
    expect(links('http://campus.example.edu')).toEqual([
      { kind: 'link', text: 'http://campus.example.edu', href: 'http://campus.example.edu/' },
    ]);
  });

  it('finds every address in a message', () => {
    expect(
      links('a https://one.example b http://two.example/x\nhttps://three.example').map((l) => l.text),
    ).toEqual(['https://one.example', 'http://two.example/x', 'https://three.example']);
  });

  it('keeps trailing punctuation and an unopened bracket out of the link', () => {
    const parts = linkify('Look at https://example.com/item. (or https://example.com/other) ok?');
    expect(parts).toEqual([
      { kind: 'text', text: 'Look at ' },
      { kind: 'link', text: 'https://example.com/item', href: 'https://example.com/item' },
      { kind: 'text', text: '. (or ' },
      { kind: 'link', text: 'https://example.com/other', href: 'https://example.com/other' },
      { kind: 'text', text: ') ok?' },
    ]);
    expect(
      links('Is it https://example.com/a, https://example.com/b! or https://example.com/c?!').map(
        (l) => l.text,
      ),
    ).toEqual(['https://example.com/a', 'https://example.com/b', 'https://example.com/c']);
  });

  it('keeps a bracket that belongs to the address', () => {
    expect(links('https://en.wikipedia.org/wiki/Cycle_(disambiguation).').map((l) => l.text)).toEqual([
      'https://en.wikipedia.org/wiki/Cycle_(disambiguation)',
    ]);
  });

  it('never links javascript:, data:, mailto:, other schemes or a bare www. address', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:someone@example.com',
      'ftp://files.example.com/x',
      'file:///etc/passwd',
      'www.example.com',
      'https://',
      'http:///nohost',
    ]) {
      expect(links(text), text).toEqual([]);
      expect(
        linkify(text)
          .map((p) => p.text)
          .join(''),
        text,
      ).toBe(text);
    }
  });

  it('does not start a link inside a word, and keeps markup as plain text', () => {
    expect(links('xhttps://example.com')).toEqual([]);
    const parts = linkify('<a href="javascript:alert(1)">https://example.com</a>');
    expect(parts.map((p) => p.text).join('')).toBe('<a href="javascript:alert(1)">https://example.com</a>');
    expect(links('<a href="javascript:alert(1)">https://example.com</a>')).toEqual([
      { kind: 'link', text: 'https://example.com', href: 'https://example.com/' },
    ]);
  });
});
