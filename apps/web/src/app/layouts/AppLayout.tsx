import clsx from 'clsx';
import { ArrowLeft, Menu as MenuIcon, Wallet } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, matchPath, useLocation, useNavigate } from 'react-router';
import { paths, routePatterns } from '@/config/paths';
import { whenSettled } from '@/lib/after-first-screen';
import { PushAsk } from '@/features/account/components/PushAsk';
import { useChatOutboxes } from '@/features/chat/hooks/useChatOutboxes';
import { useChatRealtime } from '@/features/chat/hooks/useChatRealtime';
import { useRequestOutbox } from '@/features/requests/hooks/useRequestOutbox';
import { useAuth } from '@/lib/auth';
import { ConnectionBanner } from '@/lib/socket';
import { useToastClearance } from '@/lib/toast';
import { useLiveUpdates } from '../live-updates';
import { screenFrame } from './navigation';
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
  useChatOutboxes();
  return null;
}

/**
 * Whether the app has a screen of its own behind this one. The browser router numbers its entries
 * (`idx` in the history state; a redirect such as sign-in's replaces the entry and keeps 0); a
 * router without the browser's history has only its keys ('default' for the first entry).
 */
function hasEarlierScreen(key: string): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : key !== 'default';
}

export function AppLayout() {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  useEffect(() => whenSettled(() => void loadSlideOverMenu()), []);
  // Toasts open below the top bar, never over the menu button, the bell or the user menu.
  const topBar = useRef<HTMLElement>(null);
  useToastClearance(topBar);
  const location = useLocation();
  const { pathname } = location;
  const navigate = useNavigate();
  // The tab bar is on every page but an open conversation, and shown on phones only (by CSS): the
  // server draws it and nothing changes when the browser takes the page over.
  const inThread = Boolean(matchPath(routePatterns.chatWith, pathname));
  const showTabBar = !inThread;
  // The guards above this layout guarantee a signed-in user with a role.
  if (!user?.role) return null;
  const role = user.role;
  const close = () => setMenuOpen(false);
  const frame = screenFrame(pathname, role);
  // Back returns to the screen the student came from; opened from a link, to the list it belongs to.
  const back = () => {
    if (hasEarlierScreen(location.key)) void navigate(-1);
    else if (frame.parent) void navigate(frame.parent, { replace: true });
  };

  return (
    <div
      className={clsx(
        'min-h-dvh bg-slate-50 pr-[env(safe-area-inset-right,0px)] pl-[env(safe-area-inset-left,0px)]',
        // No tab bar here: nothing needs to stay clear of it.
        !showTabBar && '[--tab-bar-height:0px]',
      )}
    >
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

      {/* Inside a conversation on a phone its own header (back, the partner, the menu) is the only one. */}
      <div className={clsx('lg:pl-64', inThread && 'max-lg:[--top-bar-height:0px]')}>
        <header
          ref={topBar}
          className={clsx(
            'sticky top-0 z-30 flex h-(--top-bar-height) items-center gap-2 border-b border-slate-200 bg-white/95 px-4 pt-[env(safe-area-inset-top,0px)] backdrop-blur sm:px-6 lg:px-8',
            inThread && 'max-lg:hidden',
          )}
        >
          {frame.parent && (
            <button
              type="button"
              onClick={back}
              aria-label="Back"
              className="-ml-2 flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <ArrowLeft className="size-6" aria-hidden="true" />
            </button>
          )}
          <button
            type="button"
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
            aria-label="Open menu"
            className={clsx(
              '-ml-2 size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden',
              frame.parent ? 'hidden' : 'flex',
            )}
          >
            <MenuIcon className="size-6" aria-hidden="true" />
          </button>
          <p className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900 sm:text-lg">
            {frame.title}
          </p>
          <NavLink
            to={paths.money}
            aria-label="Money"
            title="Money"
            className={({ isActive }) =>
              clsx(
                'flex size-11 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden',
                isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:text-slate-900',
              )
            }
          >
            <Wallet className="size-5" aria-hidden="true" />
          </NavLink>
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
        <PushAsk />
      </div>
      {showTabBar && <TabBar role={role} />}
    </div>
  );
}
