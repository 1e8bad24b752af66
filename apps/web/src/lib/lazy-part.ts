import { type ComponentType, lazy } from 'react';

/** Loads of lazy parts under way. */
const loading = new Set<Promise<unknown>>();

/**
 * React `lazy` for a part of a screen (the settle card, a form) rather than a whole screen. The
 * server draws a screen in passes: a pass that meets the part before its code is here leaves its
 * place to the browser, and `partsLoaded()` tells when the next pass can draw it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const pending = load();
    loading.add(pending);
    try {
      return { default: await pending };
    } finally {
      loading.delete(pending);
    }
  });
}

/** Settles once every part asked for so far has loaded (or failed to). */
export const partsLoaded = (): Promise<unknown> => Promise.allSettled(loading);
