import { existsSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { CampusConfig } from '@campusrun/shared';
import { errorBody } from '../lib/errors';
import { cookieValue } from '../lib/http';
import { isLinkPreviewRobot } from '../lib/link-preview-robots';
import {
  loadPageRenderer,
  loadWebPages,
  type DrawnPageFrame,
  type PageRenderer,
  type WebPage,
  type WebPages,
} from '../lib/web-pages';

/**
 * Who a page is for: the member the request's page cookie names, with a short-lived bearer of the
 * same session for the server's own API calls while drawing it; null without a live one.
 */
type PageViewer = (cookieHeader: string | undefined) => Promise<{ bearer: string } | null>;

/**
 * Link previews (modules/previews): which page addresses a shared link previews, and the page a
 * link-preview robot gets for one.
 */
interface LinkPreviewPages {
  handles(url: string): boolean;
  robotPage(url: string): Promise<string>;
}

/**
 * The built web app: its files, and for every other page path the page the build prepared for it
 * (a public screen drawn ahead, the app shell, or the not-found screen; lib/web-pages.ts), or
 * index.html for a build without them.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  campus: CampusConfig,
  previews?: LinkPreviewPages,
) {
  const viewer: PageViewer = (cookieHeader) => app.pageSessions.resolve(cookieHeader);
  const hasWeb = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
  const pages = hasWeb ? loadWebPages(distDir!, campus) : undefined;
  const renderer = pages?.drawn ? await loadPageRenderer(pages.rendererFile) : undefined;
  const draw =
    renderer && pages?.drawn
      ? signedInPages(app, { renderer, viewer, frame: pages.drawn, campus })
      : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      // The pages hold placeholders; they are served filled in, below.
      // The renderer of signed-in screens is the server's, not the browser's.
      allowedPath: (pathName) => !pathName.startsWith('/pages/') && !pathName.startsWith('/server/'),
      // The web build writes .br and .gz beside each text asset.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    // A missing build file is a 404 (a stale tab then reloads), never index.html served as a script.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/assets/');
    if (hasWeb && isPage && pages) return answerPage(request, reply, { pages, draw, previews });
    if (hasWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
  });
}

type DrawSignedIn = (request: FastifyRequest, reply: FastifyReply, vary: string) => Promise<boolean>;

/**
 * A page path: a signed-in screen drawn for the member whose page cookie came with it, else the page
 * the build prepared. The app shell then depends on the cookie too (Vary), since with a live one
 * the same address is a drawn screen. A page a shared link previews (`/products/{id}`…) is a small
 * page of its preview for a link-preview robot (by its User-Agent), and what it always was for
 * anyone else: on those addresses every answer varies on the User-Agent, so no cache hands one to
 * the other.
 */
async function answerPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { pages, draw, previews }: { pages: WebPages; draw?: DrawSignedIn; previews?: LinkPreviewPages },
) {
  const previewed = previews?.handles(request.url) ?? false;
  if (previewed && isLinkPreviewRobot(request.headers['user-agent']))
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'user-agent, accept-encoding')
      .type('text/html; charset=utf-8')
      .send(await previews!.robotPage(request.url));
  const byAgent = previewed ? 'user-agent, ' : '';
  const page = pages.forPath(request.url.split('?')[0]!);
  if (page !== pages.app || !draw) return sendPage(request, reply, page, `${byAgent}accept-encoding`);
  if (await draw(request, reply, `cookie, ${byAgent}accept-encoding`)) return reply;
  return sendPage(request, reply, page, `cookie, ${byAgent}accept-encoding`);
}

/** Time zone names already found real (there are a few hundred; checking one builds a formatter). */
const knownZones = new Set<string>();

/** The time zone the browser reported (boot.js keeps it in the `tz` cookie), if it is a real one. */
function viewerTimeZone(cookieHeader: string | undefined): string | undefined {
  const raw = cookieValue(cookieHeader, 'tz');
  if (!raw || raw.length > 64) return undefined;
  try {
    const zone = decodeURIComponent(raw);
    if (knownZones.has(zone)) return zone;
    // Throws a RangeError for a name that is no time zone.
    new Intl.DateTimeFormat('en', { timeZone: zone });
    if (knownZones.size < 1000) knownZones.add(zone);
    return zone;
  } catch {
    return undefined;
  }
}

/** The encoder for the browser's Accept-Encoding, flushed after the page's head. */
function encoderFor(reply: FastifyReply, acceptEncoding: string): Transform {
  if (/\bbr\b/.test(acceptEncoding)) {
    reply.header('content-encoding', 'br');
    return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    reply.header('content-encoding', 'gzip');
    return createGzip({ level: 6 });
  }
  return new PassThrough();
}

/**
 * Draws signed-in screens for the member the page cookie names (the web build's renderer, with the
 * member's data fetched through this server's own API). The page's head leaves at once; the screen
 * follows when drawn, or the shell's empty root when it could not be. Answers false (nothing sent)
 * when the request is not for a drawn page: no live cookie, no time zone, not a signed-in screen.
 */
function signedInPages(
  app: FastifyInstance,
  deps: { renderer: PageRenderer; viewer: PageViewer; frame: DrawnPageFrame; campus: CampusConfig },
): DrawSignedIn {
  const { renderer, viewer, frame, campus } = deps;
  return async (request, reply, vary) => {
    if (request.method !== 'GET') return false;
    const pathname = request.url.split('?')[0]!;
    const timeZone = viewerTimeZone(request.headers.cookie);
    if (!timeZone || !renderer.isSignedInScreen(pathname)) return false;
    const session = await viewer(request.headers.cookie);
    if (!session) return false;
    const api = async (pathAndQuery: string) => {
      const answer = await app.inject({
        method: 'GET',
        url: pathAndQuery,
        headers: { authorization: `Bearer ${session.bearer}`, accept: 'application/json' },
      });
      return { status: answer.statusCode, body: answer.body };
    };
    const me = await api('/api/auth/me');
    if (me.status !== 200) return false;
    const { user } = JSON.parse(me.body) as { user: unknown };

    reply.header('cache-control', 'private, no-store').header('vary', vary).type('text/html; charset=utf-8');
    const out = encoderFor(reply, String(request.headers['accept-encoding'] ?? ''));
    void reply.send(out);
    out.write(frame.head);
    (out as Transform & { flush?: () => void }).flush?.();
    const drawn = await renderer
      .renderSignedIn({ url: request.url, user, timeZone, campus, api })
      .catch((err: unknown) => {
        request.log.error({ err }, 'a signed-in page could not be drawn');
        return null;
      });
    out.end(drawn ? drawn.html + frame.tail(drawn.state) : frame.tail(''));
    return true;
  };
}

/** A page of the web app: revalidated on each visit (ETag), compressed as the browser accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: WebPage, vary = 'accept-encoding') {
  reply
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', vary)
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.body);
}
