import { LOST_FOUND_UI, type Role } from '@campusrun/shared';
import {
  Bike,
  ClipboardList,
  Heart,
  LayoutDashboard,
  type LucideIcon,
  MessageCircle,
  PackagePlus,
  Search,
  ShoppingBag,
  Truck,
  Users,
  Wallet,
} from 'lucide-react';
import { matchPath } from 'react-router';
import { dashboardPath, paths, routePatterns } from '@/config/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The menu of each role (docs/product.md#layouts). */
export const NAV_ITEMS: Record<Role, NavItem[]> = {
  hosteller: [
    { label: 'Dashboard', to: paths.hosteller.dashboard, icon: LayoutDashboard },
    { label: 'My Requests', to: paths.hosteller.myRequests, icon: ClipboardList },
    { label: 'Trips', to: paths.trips, icon: Bike },
    { label: 'Shared runs', to: paths.runs, icon: Users },
    { label: 'Sell Product', to: paths.hosteller.sellProduct, icon: PackagePlus },
    { label: 'Marketplace', to: paths.marketplace, icon: ShoppingBag },
    { label: 'Saved', to: paths.saved, icon: Heart },
    { label: 'Money', to: paths.money, icon: Wallet },
    { label: 'Chat', to: paths.chat, icon: MessageCircle },
  ],
  dayscholar: [
    { label: 'Dashboard', to: paths.dayscholar.dashboard, icon: LayoutDashboard },
    { label: 'Browse Requests', to: paths.dayscholar.browseRequests, icon: Search },
    { label: 'My Deliveries', to: paths.dayscholar.myDeliveries, icon: Truck },
    { label: 'Trips', to: paths.trips, icon: Bike },
    { label: 'Marketplace', to: paths.marketplace, icon: ShoppingBag },
    { label: 'Saved', to: paths.saved, icon: Heart },
    { label: 'Money', to: paths.money, icon: Wallet },
    { label: 'Chat', to: paths.chat, icon: MessageCircle },
  ],
};

const DASHBOARD_TITLE: Record<Role, string> = {
  hosteller: 'Hosteller Dashboard',
  dayscholar: 'Day Scholar Dashboard',
};

/** The top bar's title of each screen that is one of the places (not one thing in a list). */
const PLACE_TITLES: Record<string, string> = {
  [paths.hosteller.myRequests]: 'My Requests',
  [paths.dayscholar.browseRequests]: 'Browse Requests',
  [paths.dayscholar.myDeliveries]: 'My Deliveries',
  [paths.trips]: 'Trips',
  [paths.runs]: 'Shared runs',
  [paths.marketplace]: 'Marketplace',
  [paths.saved]: 'Saved',
  [paths.following]: 'Following',
  [paths.searches]: 'Saved searches',
  [paths.money]: 'Money',
  [paths.chat]: 'Chat',
  [paths.profile]: 'Profile',
  [paths.moderation]: 'Moderation',
  [paths.lostFoundList]: LOST_FOUND_UI.title,
};

/**
 * The screens that show one thing, or a form for a new one: their title, and where Back goes when
 * the app was opened on them (a shared link): the list they belong to.
 */
const THING_SCREENS: { pattern: string; title: string; parent: (role: Role) => string }[] = [
  {
    pattern: routePatterns.request,
    title: 'Request',
    parent: (role) => (role === 'hosteller' ? paths.hosteller.myRequests : paths.dayscholar.myDeliveries),
  },
  { pattern: routePatterns.product, title: 'Product', parent: () => paths.marketplace },
  { pattern: routePatterns.editProduct, title: 'Edit product', parent: () => paths.marketplace },
  { pattern: paths.hosteller.sellProduct, title: 'Sell Product', parent: () => paths.marketplace },
  { pattern: routePatterns.user, title: 'Profile', parent: dashboardPath },
  { pattern: paths.newTrip, title: 'Post a trip', parent: () => paths.trips },
  { pattern: routePatterns.trip, title: 'Trip', parent: () => paths.trips },
  { pattern: paths.newRun, title: 'New shared run', parent: () => paths.runs },
  { pattern: routePatterns.run, title: 'Shared run', parent: () => paths.runs },
  { pattern: paths.hosteller.newRequest, title: 'New Request', parent: () => paths.hosteller.myRequests },
  { pattern: routePatterns.chatWith, title: 'Chat', parent: () => paths.chat },
  { pattern: routePatterns.savedSearch, title: 'Saved search', parent: () => paths.searches },
  { pattern: paths.newWanted, title: 'Post a wanted item', parent: () => paths.wantedList },
  { pattern: routePatterns.wanted, title: 'Wanted', parent: () => paths.wantedList },
  { pattern: paths.newLostFound, title: LOST_FOUND_UI.newPost, parent: () => paths.lostFoundList },
  { pattern: routePatterns.lostFound, title: LOST_FOUND_UI.title, parent: () => paths.lostFoundList },
];

/**
 * What the top bar says on a screen, and whether it offers Back (with the screen to go to when
 * there is no earlier screen of the app to return to).
 */
export function screenFrame(pathname: string, role: Role): { title: string; parent: string | null } {
  const thing = THING_SCREENS.find((s) => matchPath(s.pattern, pathname));
  if (thing) return { title: thing.title, parent: thing.parent(role) };
  return { title: PLACE_TITLES[pathname] ?? DASHBOARD_TITLE[role], parent: null };
}
