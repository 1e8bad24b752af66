import { linkify } from '@/lib/linkify';

/**
 * A message's text with its http(s) addresses as links that open in a new tab. Built from React text
 * and anchors, so nothing in a message is ever read as HTML; `ugc` tells search engines the link was
 * written by a user.
 */
export function MessageText({ text }: { text: string }) {
  return linkify(text).map((part, index) =>
    part.kind === 'link' ? (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer ugc"
        className="underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-current"
      >
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}
