import { Logo } from '@/components/ui/Logo';

/**
 * The page's title while a screen's code loads: the screen before it took its own title away with
 * it, and a page has a title at every moment (what a tab, a history entry and a screen reader show).
 */
const LOADING_TITLE = <title>Loading… · CampusRun</title>;

/** Shown while the first route's code loads: the brand, not a bare spinner on white. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50" role="status">
      <Logo className="size-12 animate-pulse" />
      {LOADING_TITLE}
      <span className="sr-only">Loading CampusRun…</span>
    </div>
  );
}

/** Shown in the signed-in layout while a screen's code loads: the header and sidebar stay. */
export function ScreenLoading() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center" role="status">
      <Logo className="size-10 animate-pulse" />
      {LOADING_TITLE}
      <span className="sr-only">Loading…</span>
    </div>
  );
}
