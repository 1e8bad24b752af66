import { useEffect } from 'react';

/**
 * Which chat thread is on screen, by the other person's id. The thread page says so while it is
 * open, whatever address it was opened at; live notifications read it so that a message from the
 * person whose thread is open raises no toast (it is on screen already).
 */
const open = new Map<string, number>();

export function isThreadOpen(partnerId: string): boolean {
  return (open.get(partnerId) ?? 0) > 0;
}

/** Marks the thread with `partnerId` open for as long as the calling component is mounted. */
export function useOpenThread(partnerId: string) {
  useEffect(() => {
    open.set(partnerId, (open.get(partnerId) ?? 0) + 1);
    return () => {
      const left = (open.get(partnerId) ?? 1) - 1;
      if (left > 0) open.set(partnerId, left);
      else open.delete(partnerId);
    };
  }, [partnerId]);
}
