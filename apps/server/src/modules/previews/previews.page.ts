import { LINK_PREVIEWS } from '@campusrun/shared';
import { escapeHtml } from '../../lib/html';
import type { Preview } from './previews.presenter';

/** The size of every preview image: the one Facebook, WhatsApp and X draw largest. */
export const PREVIEW_IMAGE = { width: 1200, height: 630 } as const;

/** A preview as the page states it, with its absolute addresses. */
interface PreviewPage extends Pick<Preview, 'title' | 'description' | 'imageAlt'> {
  /** The page's own address (og:url). */
  url: string;
  /** The preview image's address (og:image). */
  image: string;
}

const meta = (attribute: 'property' | 'name', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

/**
 * The small page a link-preview robot gets for a shared link: Open Graph and Twitter card tags, a
 * title, and a link for anyone else who reads it. Without a preview (unknown, removed, held,
 * expired, suspended) it names the app only, the same for all of them. `noindex`: a listing is for
 * the campus, not for search engines.
 */
export function previewPage(preview: PreviewPage | null): string {
  const { appName, tagline, open } = LINK_PREVIEWS;
  const title = preview?.title ?? appName;
  const description = preview?.description ?? tagline;
  const tags = [
    meta('name', 'description', description),
    meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', appName),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    ...(preview
      ? [
          `<link rel="canonical" href="${escapeHtml(preview.url)}">`,
          meta('property', 'og:url', preview.url),
          meta('property', 'og:image', preview.image),
          meta('property', 'og:image:width', String(PREVIEW_IMAGE.width)),
          meta('property', 'og:image:height', String(PREVIEW_IMAGE.height)),
          meta('property', 'og:image:alt', preview.imageAlt),
          meta('name', 'twitter:card', 'summary_large_image'),
          meta('name', 'twitter:image', preview.image),
          meta('name', 'twitter:image:alt', preview.imageAlt),
        ]
      : [meta('name', 'twitter:card', 'summary')]),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  ];
  const page = title === appName ? appName : `${title} · ${appName}`;
  const link = preview ? `<p><a href="${escapeHtml(preview.url)}">${escapeHtml(open)}</a></p>` : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(page)}</title>${tags.join('')}</head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p>${link}</body></html>`
  );
}
