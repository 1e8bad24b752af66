export interface ShareTarget {
  title: string;
  /** Words sent with the link where the share sheet takes them (an invitation). */
  text?: string;
  /** Absolute URL of the page shared. */
  url: string;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares a link with the system share sheet where the browser has one (phones), else copies it to
 * the clipboard. Closing the share sheet is no failure; a share sheet that refuses falls back to
 * copying.
 */
export async function shareLink(target: ShareTarget): Promise<ShareOutcome> {
  const data = { title: target.title, url: target.url, ...(target.text && { text: target.text }) };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(target.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The absolute address of an app path, as shared. */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).href;
