import { useSyncExternalStore } from 'react';
import type { AppUpdate } from '@/lib/service-worker';

/** "A new version is available — Reload", shown once a new version of the app waits. */
export function UpdatePrompt({ update }: { update: AppUpdate }) {
  const waiting = useSyncExternalStore(update.subscribe, update.isWaiting, () => false);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-[calc(1rem+var(--tab-bar-height,0px))] z-50 mx-auto flex max-w-sm items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <span>A new version is available —</span>{' '}
      <button
        type="button"
        onClick={() => update.apply()}
        className="rounded-md bg-white px-3 py-1.5 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Reload
      </button>
    </div>
  );
}
