import { Bell } from 'lucide-react';
import { deferredModule, standInProps, useDeferred } from '@/lib/deferred';
import { useNotifications } from '../api/notifications';
import { useNotificationPush } from '../hooks/useNotificationPush';

export const BELL_BUTTON =
  'relative flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** The unread count on the bell: 9+ above 9. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/** The bell and its unread badge. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-on-fill"
        >
          {badgeText(unread)}
        </span>
      )}
    </>
  );
}

const popover = deferredModule(async () => (await import('./NotificationsPopover')).NotificationsPopover);

/**
 * The header bell with its unread badge and the notifications dropdown. The dropdown's code arrives
 * after the first screen; until then a stand-in bell looks and counts the same.
 */
export function NotificationsMenu() {
  useNotificationPush();
  const query = useNotifications();
  const unread = query.data?.unreadCount ?? 0;
  const menu = useDeferred(popover);
  const Popover = menu.value;
  if (Popover) return <Popover unread={unread} arrivedAs={menu.arrivedAs} />;
  return (
    <div className="relative">
      <button
        {...standInProps(menu)}
        aria-label={bellLabel(unread)}
        aria-expanded={false}
        className={BELL_BUTTON}
      >
        <BellFace unread={unread} />
      </button>
    </div>
  );
}
