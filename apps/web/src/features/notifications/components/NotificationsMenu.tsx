import { deferredModule, standInProps, useDeferred } from '@/lib/deferred';
import { useNotifications } from '@/api/notifications';
import { useNotificationPush } from '../hooks/useNotificationPush';
import { BELL_BUTTON, BellFace, bellLabel } from './BellFace';

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
