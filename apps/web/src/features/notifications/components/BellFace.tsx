import { Bell } from 'lucide-react';

export const BELL_BUTTON =
  'relative flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** The unread count on the bell: 9+ above 9. */
function badgeText(count: number): string {
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
