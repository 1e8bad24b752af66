import { Logo } from '@/components/ui/Logo';

/** Shown while the first route's code loads: the brand, not a bare spinner on white. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50" role="status">
      <Logo className="size-12 animate-pulse" />
      <span className="sr-only">Loading CampusRun…</span>
    </div>
  );
}

/** Shown in the signed-in layout while a screen's code loads: the header and sidebar stay. */
export function ScreenLoading() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center" role="status">
      <Logo className="size-10 animate-pulse" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
