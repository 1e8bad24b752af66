import type { Role } from '@campusrun/shared';
import clsx from 'clsx';
import { House, type LucideIcon, MessageCircle, Search, ShoppingBag, UserRound } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { dashboardPath, paths } from '@/config/paths';
import { useConversations } from '@/api/chat';
import { deferredModule, standInProps, useDeferred } from '@/lib/deferred';
import { useToastClearance } from '@/lib/toast';
import { NewFace } from './NewFace';

interface Tab {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active on this exact path only (not on the paths below it). */
  end?: boolean;
  /** Other screens that belong under this tab (it stays marked on them). */
  under?: string[];
}

/** The second tab: where each role finds things to do. */
const FIND_TAB: Record<Role, Tab> = {
  hosteller: { label: 'Marketplace', to: paths.marketplace, icon: ShoppingBag },
  dayscholar: { label: 'Browse', to: paths.dayscholar.browseRequests, icon: Search },
};

/**
 * Day scholars create nothing: the middle tab is the marketplace, where they buy like anyone else.
 * Their deliveries lead their Home (active ones first, then "View all"), so Home stays marked there.
 */
const MARKET_TAB: Tab = { label: 'Marketplace', to: paths.marketplace, icon: ShoppingBag };
const HOME_UNDER: Record<Role, string[]> = { hosteller: [], dayscholar: [paths.dayscholar.myDeliveries] };
const ME_TAB: Tab = { label: 'Me', to: paths.profile, icon: UserRound };

const tabClasses = (active: boolean) =>
  clsx(
    'flex h-16 w-full flex-col items-center justify-center gap-1 px-1 text-xs font-medium transition-colors duration-150',
    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
    active ? 'text-indigo-700' : 'text-slate-600 hover:text-slate-900',
  );

/** The icon of a tab: a pill behind it marks the active one (not by colour alone). */
function TabIcon({
  icon: Icon,
  active,
  children,
}: {
  icon: LucideIcon;
  active: boolean;
  children?: ReactNode;
}) {
  return (
    <span
      className={clsx(
        'relative flex h-7 w-14 items-center justify-center rounded-full transition-colors duration-150',
        active && 'bg-indigo-50',
      )}
    >
      <Icon className="size-5" strokeWidth={active ? 2.4 : 2} aria-hidden="true" />
      {children}
    </span>
  );
}

/** Whether the screen at `pathname` is this tab's own, or below it (unless `end`), or one it holds. */
function isTabActive(tab: Tab, pathname: string): boolean {
  const within = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  return (tab.end ? pathname === tab.to : within(tab.to)) || (tab.under ?? []).some(within);
}

function TabLink({ tab, label, badge }: { tab: Tab; label?: string; badge?: ReactNode }) {
  const active = isTabActive(tab, useLocation().pathname);
  return (
    <Link
      to={tab.to}
      aria-label={label}
      aria-current={active ? 'page' : undefined}
      className={tabClasses(active)}
    >
      <TabIcon icon={tab.icon} active={active}>
        {badge}
      </TabIcon>
      <span className="max-w-full truncate">{tab.label}</span>
    </Link>
  );
}

/** Chat, with the number of unread messages over all conversations (kept live by the chat events). */
function ChatTab() {
  const { data } = useConversations();
  const unread = data?.reduce((sum, c) => sum + c.unreadCount, 0) ?? 0;
  return (
    <TabLink
      tab={{ label: 'Chat', to: paths.chat, icon: MessageCircle }}
      label={unread > 0 ? `Chat, ${unread} unread` : undefined}
      badge={
        unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="chat-unread-badge"
            className="absolute -top-1 right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-on-fill ring-2 ring-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        )
      }
    />
  );
}

const newMenu = deferredModule(async () => (await import('./NewMenuPopup')).NewMenuPopup);

/**
 * The central +: a hosteller asks for something or sells something. The menu's code arrives after
 * the first screen; until then a stand-in looks the same.
 */
function NewMenu() {
  const { pathname } = useLocation();
  const active = pathname === paths.hosteller.newRequest || pathname === paths.hosteller.sellProduct;
  const menu = useDeferred(newMenu);
  const Popup = menu.value;
  if (Popup) return <Popup className={tabClasses(active)} arrivedAs={menu.arrivedAs} />;
  return (
    <button {...standInProps(menu)} aria-haspopup="menu" aria-expanded={false} className={tabClasses(active)}>
      <NewFace />
    </button>
  );
}

/**
 * The phone tab bar: the five places a student goes most, one tap apart. The slide-over menu keeps
 * everything else. Fixed to the bottom, above the home indicator; the layout keeps the screen's last
 * line clear of it (--tab-bar-height: index.css, and 0 in the frame where the bar is not drawn).
 */
export function TabBar({ role }: { role: Role }) {
  const bar = useRef<HTMLElement>(null);
  useToastClearance(bar, 'bottom');
  const cells = [
    <TabLink
      key="home"
      tab={{ label: 'Home', to: dashboardPath(role), icon: House, end: true, under: HOME_UNDER[role] }}
    />,
    <TabLink key="find" tab={FIND_TAB[role]} />,
    role === 'hosteller' ? <NewMenu key="new" /> : <TabLink key="market" tab={MARKET_TAB} />,
    <ChatTab key="chat" />,
    <TabLink key="me" tab={ME_TAB} />,
  ];
  return (
    <nav
      ref={bar}
      aria-label="Tab bar"
      data-tab-bar=""
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-[env(safe-area-inset-left,0px)] pb-[env(safe-area-inset-bottom,0px)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-lg">
        {cells.map((cell) => (
          <li key={cell.key} className="min-w-0 flex-1">
            {cell}
          </li>
        ))}
      </ul>
    </nav>
  );
}
