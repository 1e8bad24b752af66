import type { User } from '@campusrun/shared';
import { deferredModule, standInProps, useDeferred } from '@/lib/deferred';
import { USER_MENU_BUTTON, UserMenuFace } from './UserMenuFace';

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
