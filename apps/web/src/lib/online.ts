import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** Whether the browser is online, as the query client sees it (its fetches pause while offline). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * Starts from what the browser knows: an app opened without a network (the installed app at the
 * gate) shows what it kept instead of trying, failing and showing an error. The query client follows
 * the browser's online and offline events from then on.
 */
export function startOnlineState(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
}
