import type { Role } from '@campusrun/shared';
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
import { paths } from '@/config/paths';

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

export const DASHBOARD_TITLE: Record<Role, string> = {
  hosteller: 'Hosteller Dashboard',
  dayscholar: 'Day Scholar Dashboard',
};
