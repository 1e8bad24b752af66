import type { User } from '@campusrun/shared';
import { ChevronDown } from 'lucide-react';
import { Avatar } from '@/components/ui/Avatar';
import { deferredModule, standInProps, useDeferred } from '@/lib/deferred';

export const USER_MENU_BUTTON =
  'flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:pr-2';

/** What the user menu's button shows: the avatar, and the name beside it from 640 px. */
export function UserMenuFace({ user }: { user: User }) {
  return (
    <>
      <Avatar id={user.id} name={user.name} src={user.avatar} size="sm" />
      <span className="hidden max-w-40 truncate text-sm font-medium sm:block">{user.name}</span>
      <ChevronDown className="hidden size-4 text-slate-500 sm:block" aria-hidden="true" />
    </>
  );
}

const popup = deferredModule(async () => (await import('./UserMenuPopup')).UserMenuPopup);

/** The header's user menu; its code arrives after the first screen (a stand-in looks the same). */
export function UserMenu({ user }: { user: User }) {
  const menu = useDeferred(popup);
  const Popup = menu.value;
  if (Popup) return <Popup user={user} arrivedAs={menu.arrivedAs} />;
  return (
    <button
      {...standInProps(menu)}
      aria-label="Open user menu"
      aria-haspopup="menu"
      className={USER_MENU_BUTTON}
    >
      <UserMenuFace user={user} />
    </button>
  );
}
