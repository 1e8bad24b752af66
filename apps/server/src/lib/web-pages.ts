import type { CampusConfig } from '@campusrun/shared';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { escapeHtml } from './html';

/**
 * The web app's pages as the build left them in `pages/` (apps/web/scripts/prerender.mjs): the
 * public screens drawn ahead, the not-found screen and the bare app shell, each holding placeholders
 * for the campus settings. They are filled in once, at start, and compressed once.
 */
interface Manifest {
  app: string;
  /** The page a signed-in screen drawn at request time goes into, and the module that draws it. */
  drawn?: string;
  renderer?: string;
  notFound: string;
  pages: Record<string, string>;
  routes: string[];
}

export interface WebPage {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The page a screen drawn for one member goes into: the markup goes between `head` and `tail`. */
export interface DrawnPageFrame {
  /** Up to and with `<div id="root">`: sent at once, so styles and scripts start downloading. */
  head: string;
  /** `</div>`, the place of the page's state, and the rest. */
  tail(state: string): string;
}

/** What the web build's renderer of signed-in screens offers (apps/web/src/server-render.tsx). */
export interface PageRenderer {
  isSignedInScreen(pathname: string): boolean;
  renderSignedIn(page: {
    url: string;
    user: unknown;
    timeZone: string;
    campus: CampusConfig;
    api: (pathAndQuery: string) => Promise<{ status: number; body: string }>;
  }): Promise<{ html: string; state: string } | null>;
}

export interface WebPages {
  /** The page for a path: its own drawn screen, the app shell for a screen of the app, else not found. */
  forPath(pathname: string): WebPage;
  /** The app shell (what `forPath` answers for a screen not drawn ahead). */
  app: WebPage;
  /** Where a signed-in screen drawn per request goes; absent in a build without the renderer. */
  drawn?: DrawnPageFrame;
  /** The module of the build that draws signed-in screens. */
  rendererFile?: string;
}

/** The page's placeholders filled in one pass, so a value that looks like a placeholder stays as it is. */
export function fillPlaceholders(html: string, campus: CampusConfig): string {
  const values: Record<string, string> = {
    // JSON inside <script>: "<" escaped so no value can close the element.
    CAMPUS_CONFIG: JSON.stringify(campus).replace(/</g, '\\u003c'),
    CAMPUS_NAME: escapeHtml(campus.campusName),
    EMAIL_DOMAIN: escapeHtml(campus.emailDomain),
    SUPPORT_EMAIL: escapeHtml(campus.supportEmail),
  };
  return html.replace(
    /__(CAMPUS_CONFIG|CAMPUS_NAME|EMAIL_DOMAIN|SUPPORT_EMAIL)__/g,
    (_, key: string) => values[key]!,
  );
}

function compile(html: string): WebPage {
  const body = Buffer.from(html);
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

/** `/requests/:id` → a test for paths of that shape (one segment per parameter). */
function patternTest(pattern: string): (pathname: string) => boolean {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const re = new RegExp(`^${source}$`, 'i');
  return (pathname) => re.test(pathname);
}

/** Reads `distDir/pages`; undefined when the build has none (the app shell is then index.html). */
export function loadWebPages(distDir: string, campus: CampusConfig): WebPages | undefined {
  const dir = path.join(distDir, 'pages');
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const load = (file: string) =>
    compile(fillPlaceholders(readFileSync(path.join(dir, file), 'utf8'), campus));

  const app = load(manifest.app);
  const drawn = manifest.drawn && manifest.renderer ? drawnFrame(dir, manifest.drawn, campus) : undefined;
  const notFound = load(manifest.notFound);
  const pages = new Map(Object.entries(manifest.pages).map(([route, file]) => [route, load(file)]));
  const routes = manifest.routes.map(patternTest);

  return {
    app,
    drawn,
    rendererFile: drawn && manifest.renderer ? path.join(dir, manifest.renderer) : undefined,
    forPath(pathname) {
      // The router ignores a trailing slash; so does this.
      const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      return pages.get(p) ?? (routes.some((matches) => matches(p)) ? app : notFound);
    },
  };
}

function drawnFrame(dir: string, file: string, campus: CampusConfig): DrawnPageFrame {
  const html = fillPlaceholders(readFileSync(path.join(dir, file), 'utf8'), campus);
  const [head, rest] = html.split('<!--drawn-->');
  if (rest === undefined || !rest.includes('<!--drawn-state-->'))
    throw new Error(`${file} has no <!--drawn--> or <!--drawn-state--> marker`);
  const [before, after] = rest.split('<!--drawn-state-->') as [string, string];
  return {
    head: head!,
    tail: (state) =>
      `${before}${state ? `<script type="application/json" id="drawn-state">${state}</script>` : ''}${after}`,
  };
}

/** The renderer of signed-in screens the build made, or undefined when it has none or it fails to load. */
export async function loadPageRenderer(file: string | undefined): Promise<PageRenderer | undefined> {
  if (!file || !existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}
