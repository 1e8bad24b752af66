/**
 * Where uploaded images are served from. Empty: the API's own origin, which is this page's origin
 * (the server serves the app, and Vite proxies /uploads in development). A CDN would set its origin
 * here (e.g. from VITE_MEDIA_ORIGIN) and nothing else would change.
 */
const MEDIA_ORIGIN = (import.meta.env.VITE_MEDIA_ORIGIN as string | undefined)?.replace(/\/+$/, '') ?? '';
/** Chat and lost and found photos: private, never from a CDN. */
const PRIVATE_PREFIXES = ['/uploads/chat/', '/uploads/lost-found/'];

/**
 * An image URL as the API gives it → what an <img> loads (relative paths resolve against the
 * server origin). Absolute URLs (http, https, protocol-relative, data:, blob:) pass through unchanged.
 * A chat or lost and found photo (/uploads/chat/…?exp=…&sig=…) is a signed link only the server
 * answers: it stays on this origin, query string and all.
 */
export function mediaUrl(path: string): string;
export function mediaUrl(path: string | null | undefined): string | undefined;
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(path)) return path;
  if (PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix))) return path;
  return `${MEDIA_ORIGIN}${path.startsWith('/') ? '' : '/'}${path}`;
}
