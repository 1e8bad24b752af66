import { type ComponentType, lazy, useEffect, useState } from 'react';
import { AppLoading } from './AppLoading';

const RELOAD_KEY = 'campusrun:chunk-reload';
/** A second failure within this window shows the error screen instead of reloading again. */
const RELOAD_WINDOW_MS = 30_000;

/** True (and remembered) unless the page already reloaded for this moments ago: no reload loops. */
function mayReload(): boolean {
  if (!navigator.onLine) return false;
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_WINDOW_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  return true;
}

/** Rendered once the address is the new route's, so the reload opens the page the user chose. */
function ReloadForNewVersion() {
  useEffect(() => window.location.reload(), []);
  return <AppLoading />;
}

/** True for the browser's "this module could not be fetched or run" errors. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|module script|Importing a module|error loading dynamically/i.test(
      error.message,
    )
  );
}

/** A screen whose code loads on first use; `load()` fetches it ahead (once). */
export interface LazyScreen {
  (): React.ReactNode;
  load: () => Promise<ComponentType>;
  /** The screen's component once its code is here. */
  loaded: () => ComponentType | undefined;
}

export const isLazyScreen = (value: unknown): value is LazyScreen =>
  typeof value === 'function' && 'load' in value;

/**
 * A route's lazily loaded screen (React `lazy`). It suspends (the nearest <Suspense> shows its
 * fallback, or a navigation keeps the previous screen) until its code is here, and draws at once
 * when the code was loaded ahead (the first render of a prerendered page must match its HTML). A
 * failed import becomes a render-time error that the route's error screen shows. When the code has
 * changed under an open tab (a new version was deployed), the page reloads once to pick up the new
 * files.
 */
export function screen(load: () => Promise<ComponentType>): LazyScreen {
  let pending: Promise<ComponentType> | undefined;
  let component: ComponentType | undefined;
  const loadOnce = () =>
    (pending ??= load()
      .catch((error: unknown): ComponentType => {
        if (isChunkLoadError(error) && mayReload()) return ReloadForNewVersion;
        return function ScreenFailedToLoad() {
          throw error;
        };
      })
      .then((loaded) => (component = loaded)));
  const Pending = lazy(async () => ({ default: await loadOnce() }));
  function Screen() {
    // Chosen once per mount: switching from the lazy stand-in to the loaded component later would
    // draw the screen (and everything under it) afresh.
    const [Shown] = useState(() => component ?? Pending);
    return <Shown />;
  }
  return Object.assign(Screen, { load: loadOnce, loaded: () => component });
}
