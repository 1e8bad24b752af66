import { Menu as MenuIcon } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Outlet, matchPath, useLocation } from 'react-router';
import { routePatterns } from '@/config/paths';
import { afterFirstScreen } from '@/lib/after-first-screen';
import { useChatRealtime } from '@/features/chat/hooks/useChatRealtime';
import { useRequestOutbox } from '@/features/requests/hooks/useRequestOutbox';
import { useAuth } from '@/lib/auth';
import { ConnectionBanner } from '@/lib/socket';
import { useToastClearance } from '@/lib/toast';
import { useLiveUpdates } from '../live-updates';
import { DASHBOARD_TITLE } from './navigation';
import { NotificationsMenu } from './NotificationsMenu';
import { Sidebar } from './Sidebar';
import { TabBar } from './TabBar';
import { UserMenu } from './UserMenu';

/**
 * The signed-in layout: sidebar (slide-over below 1024 px), header, bell, user menu; on phones a
 * tab bar at the bottom, except inside an open conversation, where the composer takes its place.
 */
// The slide-over menu's code (a dialog) is not needed to draw a screen: it loads once the first
// screen is drawn, or when the menu is first opened.
const loadSlideOverMenu = () => import('./SlideOverMenu');
const SlideOverMenu = lazy(async () => ({ default: (await loadSlideOverMenu()).SlideOverMenu }));

/**
 * The caches every screen keeps live: chat (conversation list, open thread, read receipts) and the
 * requests and products the server's entity events name; and the requests written offline, posted
 * when the network is back. A component of its own, drawing nothing:
 * the live connection's changes (opening, connecting) draw it again, not the whole layout.
 */
function LiveCaches() {
  useChatRealtime();
  useLiveUpdates();
  useRequestOutbox();
  return null;
}

export function AppLayout() {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  useEffect(() => afterFirstScreen(() => void loadSlideOverMenu()), []);
  // Toasts open below the top bar, never over the menu button, the bell or the user menu.
  const topBar = useRef<HTMLElement>(null);
  useToastClearance(topBar);
  const { pathname } = useLocation();
  // The tab bar is on every page but an open conversation, and shown on phones only (by CSS): the
  // server draws it and nothing changes when the browser takes the page over.
  const showTabBar = !matchPath(routePatterns.chatWith, pathname);
  // The guards above this layout guarantee a signed-in user with a role.
  if (!user?.role) return null;
  const role = user.role;
  const close = () => setMenuOpen(false);

  return (
    <div className="min-h-dvh bg-slate-50 pr-[env(safe-area-inset-right,0px)] pl-[env(safe-area-inset-left,0px)]">
      <LiveCaches />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>

      {menuLoaded && (
        <Suspense fallback={null}>
          <SlideOverMenu open={menuOpen} onClose={close} role={role} />
        </Suspense>
      )}

      <aside className="hidden border-r border-slate-200 lg:fixed lg:inset-y-0 lg:z-40 lg:flex lg:w-64 lg:flex-col">
        <Sidebar role={role} />
      </aside>

      <div className="lg:pl-64">
        <header
          ref={topBar}
          className="sticky top-0 z-30 flex h-(--top-bar-height) items-center gap-2 border-b border-slate-200 bg-white/95 px-4 pt-[env(safe-area-inset-top,0px)] backdrop-blur sm:px-6 lg:px-8"
        >
          <button
            type="button"
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
            aria-label="Open menu"
            className="-ml-2 flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
          >
            <MenuIcon className="size-6" aria-hidden="true" />
          </button>
          <p className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900 sm:text-lg">
            {DASHBOARD_TITLE[role]}
          </p>
          <NotificationsMenu />
          <UserMenu user={user} />
        </header>
        <ConnectionBanner />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto max-w-6xl px-4 pt-6 pb-[calc(--spacing(6)+var(--tab-bar-height,0px))] focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Outlet />
        </main>
      </div>
      {showTabBar && <TabBar role={role} />}
    </div>
  );
}
