import clsx from 'clsx';
import { WifiOff } from 'lucide-react';
import { useId } from 'react';
import { useOnline } from '@/lib/online';

const OFFLINE_REASON = 'You’re offline. Try again when you’re back online.';

export interface OfflineHold {
  offline: boolean;
  /** The id of the group's reason line while offline; undefined online. */
  describedBy: string | undefined;
}

/**
 * For a group of actions that bind money or another person: sent later, when the network returns,
 * they could land after the situation changed (someone else accepted, the other side already paid),
 * so they are turned off while offline instead. `offline` disables each button; `describedBy` is
 * its `aria-describedby`, the id of the one `<OfflineReason>` line the group shows (undefined online).
 */
export function useOfflineReason(): OfflineHold {
  const online = useOnline();
  const id = useId();
  return { offline: !online, describedBy: online ? undefined : id };
}

/** Why a group's buttons are turned off, shown once beside the group; nothing while online. */
export function OfflineReason({ id, className }: { id: string | undefined; className?: string }) {
  if (!id) return null;
  return (
    <p id={id} className={clsx('flex items-start gap-2 text-sm text-amber-800', className)}>
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {OFFLINE_REASON}
    </p>
  );
}
