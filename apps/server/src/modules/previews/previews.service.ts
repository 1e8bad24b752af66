import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { LINK_PREVIEWS, PREVIEW_KINDS, type PreviewKind } from '@campusrun/shared';
import type { AppContext } from '../../lib/app-context';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Limiter } from '../../lib/rate-limit';
import { bindUseCases } from '../../lib/use-cases';
import { cardImage, photoImage } from './previews.images';
import { previewPage } from './previews.page';
import * as present from './previews.presenter';
import type { Preview } from './previews.presenter';
import * as repo from './previews.repo';

/**
 * How each kind of shared link is previewed: its row, only while it previews, in the preview's
 * words. One function per kind; a new kind is one more line here and its name in PREVIEW_KINDS (the
 * web app's page for it must be `/<kind>/:id`).
 */
type PreviewSource = (db: Db, id: string, campus: string) => Promise<Preview | undefined>;
const SOURCES: Record<PreviewKind, PreviewSource> = {
  products: async (db, id, campus) => {
    const row = await repo.productPreview(db, id);
    return row && present.productPreview(row, campus);
  },
  trips: async (db, id, campus) => {
    const row = await repo.tripPreview(db, id);
    return row && present.tripPreview(row, campus);
  },
  runs: async (db, id, campus) => {
    const row = await repo.runPreview(db, id);
    return row && present.runPreview(row, campus);
  },
  wanted: async (db, id, campus) => {
    const row = await repo.wantedPreview(db, id);
    return row && present.wantedPreview(row, campus);
  },
};

export const isPreviewKind = (kind: unknown): kind is PreviewKind =>
  typeof kind === 'string' && (PREVIEW_KINDS as readonly string[]).includes(kind);

/** `/products/{id}` (a trailing slash or a query aside): the kind and the id, whatever the id is. */
const PAGE = new RegExp(`^/(${PREVIEW_KINDS.join('|')})/([^/?#]+)/?(?:[?#].*)?$`, 'i');

/** Preview images drawn in a minute per address (those kept already are free): the costly part. */
const DRAWS_PER_MINUTE = 120;
/** Drawn images kept in this process, newest last. */
const KEPT_IMAGES = 64;
/** The largest stored photo read for a preview (they are stored at most 1600 px, in WebP). */
const PHOTO_MAX_BYTES = 16 * 1024 * 1024;

interface PreviewImage {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

type Deps = Pick<AppContext, 'db' | 'storage' | 'log'> & {
  campus: string;
  /** The site's address, without a trailing slash: the pages and images are named absolutely. */
  publicUrl: string;
  draws: Limiter;
  kept: Map<string, PreviewImage>;
};

/** What an image shows: the photo's key, or the card's words. A new one gets a new address. */
const versionOf = (preview: Preview) =>
  createHash('sha256')
    .update(preview.photo ?? JSON.stringify(preview.card))
    .digest('base64url')
    .slice(0, 16);

/** Whether an address is a page a link previews (`/products/{id}`, `/trips/{id}`, `/runs/{id}`, `/wanted/{id}`). */
function handles(_deps: Deps, url: string): boolean {
  return PAGE.test(url);
}

async function find(deps: Deps, kind: PreviewKind, id: string): Promise<Preview | undefined> {
  return isUuid(id) ? SOURCES[kind](deps.db, id.toLowerCase(), deps.campus) : undefined;
}

/**
 * The page a link-preview robot gets for a page's address: the thing's preview while it previews,
 * otherwise the app's name only, the same for an unknown id as for a removed, held, expired or
 * suspended member's thing. A failure to read gives the app's name too (logged).
 */
async function robotPage(deps: Deps, url: string): Promise<string> {
  const [, rawKind = '', id = ''] = PAGE.exec(url) ?? [];
  const kind = rawKind.toLowerCase();
  if (!isPreviewKind(kind)) return previewPage(null);
  const preview = await find(deps, kind, id).catch((err: unknown) => {
    deps.log.error({ err }, 'a link preview could not be read');
    return undefined;
  });
  if (!preview) return previewPage(null);
  const key = id.toLowerCase();
  return previewPage({
    ...preview,
    url: `${deps.publicUrl}/${kind}/${key}`,
    image: `${deps.publicUrl}/api/previews/${kind}/${key}/image?v=${versionOf(preview)}`,
  });
}

async function readAll(body: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw new Error('a stored photo is larger than any photo a product keeps');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The product's first photo as a preview image; undefined when its file cannot be read. */
async function photoOf(deps: Deps, key: string): Promise<PreviewImage | undefined> {
  try {
    const stored = await deps.storage.get(key);
    if (!stored) return undefined;
    return { body: await photoImage(await readAll(stored.body, PHOTO_MAX_BYTES)), contentType: 'image/jpeg' };
  } catch (err) {
    deps.log.warn({ err, key }, 'a preview photo could not be drawn; the card is shown');
    return undefined;
  }
}

/**
 * The preview image of something that previews now (checked on every call): its first photo, or its
 * card when it has none (or the photo cannot be read). Drawn once per version and kept; drawing
 * counts against the caller's address. 404 for anything that does not preview.
 */
async function image(deps: Deps, kind: PreviewKind, id: string, address: string): Promise<PreviewImage> {
  const preview = await find(deps, kind, id);
  if (!preview) throw notFound(LINK_PREVIEWS.notFound);
  const key = `${kind}:${id.toLowerCase()}:${versionOf(preview)}`;
  const kept = deps.kept.get(key);
  if (kept) {
    // Most recently used last.
    deps.kept.delete(key);
    deps.kept.set(key, kept);
    return kept;
  }
  await deps.draws.consume(address);
  const drawn = (preview.photo && (await photoOf(deps, preview.photo))) || {
    body: await cardImage(preview.card),
    contentType: 'image/png' as const,
  };
  deps.kept.set(key, drawn);
  if (deps.kept.size > KEPT_IMAGES) deps.kept.delete(deps.kept.keys().next().value!);
  return drawn;
}

/**
 * Link previews (docs/product.md#link-previews): the page a link-preview robot gets for a shared
 * product, trip or run, and its image. Nothing here needs a sign-in, and nothing names a member.
 */
export function createPreviewsService(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log' | 'config' | 'limiter'>,
) {
  const deps: Deps = {
    db: ctx.db,
    storage: ctx.storage,
    log: ctx.log,
    campus: ctx.config.campusName.trim() || LINK_PREVIEWS.appName,
    publicUrl: ctx.config.publicUrl.replace(/\/+$/, ''),
    draws: ctx.limiter('preview-draws', { points: DRAWS_PER_MINUTE, duration: 60 }),
    kept: new Map(),
  };
  return bindUseCases(deps, { handles, robotPage, image });
}
export type PreviewsService = ReturnType<typeof createPreviewsService>;
