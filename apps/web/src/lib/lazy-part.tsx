import { type ComponentType, lazy } from 'react';

/** Loads of lazy parts under way. */
const loading = new Set<Promise<unknown>>();

/** Each part's loader, by name (registered as its module is evaluated). */
const loaders = new Map<string, () => Promise<unknown>>();

/** A thenable that hands its value over at once: React's `lazy` takes it in the same render. */
const settled = <T,>(value: T) =>
  ({ then: (take: (value: T) => void) => take(value) }) as unknown as Promise<T>;

/** The names of the parts the render under way has met (set while the server draws a page). */
let met: Set<string> | null = null;

/**
 * React `lazy` for a part of a screen (the settle card, a form) rather than a whole screen. The
 * server draws a screen in passes: a pass that meets the part before its code is here leaves its
 * place to the browser, and `partsLoaded()` tells when the next pass can draw it. The page names
 * the parts it was drawn with (`drawParts`), and the browser loads their code before it takes the
 * page over (`loadParts`): a part still waiting for its code when the page's data changes would be
 * drawn afresh, and a tap on it meanwhile would be lost.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  let ready: ComponentType<P> | undefined;
  let once: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    // A failed load (the network dropped) is tried again the next time the part is asked for.
    once ??= load().then(
      (component) => (ready = component),
      (error: unknown) => {
        once = undefined;
        throw error;
      },
    );
    return once;
  };
  loaders.set(name, loadOnce);
  const Lazy = lazy(() => {
    // Loaded already (before the page was taken over): React learns it at once, with no wait.
    const loaded = ready;
    if (loaded) return settled({ default: loaded });
    // The very promise React waits on: \`partsLoaded\` settles after React has taken its value.
    const pending = loadOnce()
      .then((component) => ({ default: component }))
      .finally(() => loading.delete(pending));
    loading.add(pending);
    return pending;
  });
  function Part(props: P) {
    met?.add(name);
    return <Lazy {...props} />;
  }
  return Part;
}

/** Settles once every part asked for so far has loaded (or failed to). */
export const partsLoaded = (): Promise<unknown> => Promise.allSettled(loading);

/** `draw` (a synchronous render), and the names of the lazy parts it met. */
export function drawParts<T>(draw: () => T): { drawn: T; parts: string[] } {
  const before = met;
  met = new Set();
  try {
    const drawn = draw();
    return { drawn, parts: [...met] };
  } finally {
    met = before;
  }
}

/** Loads the code of the named parts (names no part has are passed over); settles when done. */
export const loadParts = (names: readonly string[]): Promise<unknown> =>
  Promise.allSettled(names.flatMap((name) => loaders.get(name)?.() ?? []));
