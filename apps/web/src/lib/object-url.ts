import { useEffect } from 'react';

/** One blob: URL per picked file, shared by every preview of it and revoked when none is left. */
const urls = new WeakMap<Blob, { url: string; users: number }>();

function urlFor(file: Blob): string | undefined {
  if (typeof URL.createObjectURL !== 'function') return undefined;
  let entry = urls.get(file);
  if (!entry) {
    entry = { url: URL.createObjectURL(file), users: 0 };
    urls.set(file, entry);
  }
  return entry.url;
}

/**
 * A blob: URL to preview a picked file. Made on first use (the same URL for the same file) and
 * revoked shortly after the last component showing it is gone; the delay lets a remount (StrictMode,
 * a list reorder) keep it.
 */
export function useObjectUrl(file: Blob | null | undefined): string | undefined {
  const url = file ? urlFor(file) : undefined;
  useEffect(() => {
    if (!file) return;
    const entry = urls.get(file);
    if (!entry) return;
    entry.users += 1;
    return () => {
      entry.users -= 1;
      setTimeout(() => {
        if (entry.users > 0 || urls.get(file) !== entry) return;
        urls.delete(file);
        URL.revokeObjectURL(entry.url);
      }, 1000);
    };
  }, [file]);
  return url;
}
