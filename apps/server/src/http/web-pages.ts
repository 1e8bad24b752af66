import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { CampusConfig } from '@campusrun/shared';
import { errorBody } from '../lib/errors';
import { loadWebPages, type WebPage } from '../lib/web-pages';

/**
 * The built web app: its files, and for every other page path the page the build prepared for it
 * (a public screen drawn ahead, the app shell, or the not-found screen; lib/web-pages.ts), or
 * index.html for a build without them.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string | undefined, campus: CampusConfig) {
  const hasWeb = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
  const pages = hasWeb ? loadWebPages(distDir!, campus) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      // The pages hold placeholders; they are served filled in, below.
      allowedPath: (pathName) => !pathName.startsWith('/pages/'),
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
    if (hasWeb && isPage && pages) return sendPage(request, reply, pages.forPath(request.url.split('?')[0]!));
    if (hasWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
  });
}

/** A page of the web app: revalidated on each visit (ETag), compressed as the browser accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: WebPage) {
  reply
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.body);
}
