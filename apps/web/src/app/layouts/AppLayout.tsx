import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Menu as MenuIcon, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Outlet, matchPath, useLocation } from 'react-router';
import { routePatterns } from '@/config/paths';
import { useChatRealtime } from '@/features/chat/hooks/useChatRealtime';
import { useAuth } from '@/lib/auth';
import { PHONE_QUERY, useMediaQuery } from '@/lib/media-query';
import { ReconnectingBanner } from '@/lib/socket';
import { useToastClearance } from '@/lib/toast';
import { useLiveUpdates } from '../live-updates';
import { DASHBOARD_TITLE } from './navigation';
import { NotificationsMenu } from './NotificationsMenu';
import { Sidebar } from './Sidebar';
import { TabBar } from './TabBar';
import { UserMenu } from './UserMenu';

/**
 * Spec "Logged-in layout": sidebar (slide-over below 1024 px), header, bell, user menu; on phones a
 * tab bar at the bottom, except inside an open conversation, where the composer takes its place.
 */
export function AppLayout() {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  // Toasts open below the top bar, never over the menu button, the bell or the user menu.
  const topBar = useRef<HTMLElement>(null);
  useToastClearance(topBar);
  const { pathname } = useLocation();
  const phone = useMediaQuery(PHONE_QUERY);
  const showTabBar = phone && !matchPath(routePatterns.chatWith, pathname);
  // Chat caches stay live on every screen (conversation list, open thread, read receipts).
  useChatRealtime();
  // Requests and products on every screen follow the server's entity events.
  useLiveUpdates();
  // The guards above this layout guarantee a signed-in user with a role.
  if (!user?.role) return null;
  const role = user.role;
  const close = () => setMenuOpen(false);

  return (
    <div className="min-h-dvh bg-slate-50 pr-[env(safe-area-inset-right,0px)] pl-[env(safe-area-inset-left,0px)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>

      <Dialog open={menuOpen} onClose={close} className="relative z-50 lg:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-slate-900/50 dark:bg-black/60 transition-opacity duration-150 data-closed:opacity-0 motion-reduce:transition-none"
        />
        <div className="fixed inset-0 flex">
          <DialogPanel
            transition
            className="relative flex w-full max-w-72 flex-1 bg-white pt-[env(safe-area-inset-top,0px)] pb-[env(safe-area-inset-bottom,0px)] pl-[env(safe-area-inset-left,0px)] transition duration-150 ease-out data-closed:-translate-x-full motion-reduce:transition-none"
          >
            <button
              type="button"
              onClick={close}
              aria-label="Close menu"
              className="absolute top-[calc(0.75rem+env(safe-area-inset-top,0px))] right-3 z-10 flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X className="size-6" aria-hidden="true" />
            </button>
            <DialogTitle className="sr-only">Menu</DialogTitle>
            <div className="w-full">
              <Sidebar role={role} onNavigate={close} />
            </div>
          </DialogPanel>
        </div>
      </Dialog>

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
            onClick={() => setMenuOpen(true)}
            aria-label="Open menu"
            className="-ml-2 flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
          >
            <MenuIcon className="size-6" aria-hidden="true" />
          </button>
          <p className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900 sm:text-lg">
            {DASHBOARD_TITLE[role]}
          </p>
          <NotificationsMenu />
          <UserMenu user={user} />
        </header>
        <ReconnectingBanner />
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
