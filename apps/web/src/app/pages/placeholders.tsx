import {
  ClipboardList,
  LayoutDashboard,
  MessageCircle,
  PackagePlus,
  Search,
  ShoppingBag,
  Truck,
} from 'lucide-react';
import { ComingSoon } from './ComingSoon';

// Screens of later releases (dashboards, requests, marketplace, chat): real routes, tiny pages.

export function HostellerDashboardPage() {
  return (
    <ComingSoon
      title="Dashboard"
      empty="No requests yet"
      icon={LayoutDashboard}
      description="Your stats, quick actions, recent requests and products will appear here soon."
    />
  );
}

export function MyRequestsPage() {
  return (
    <ComingSoon
      title="My Requests"
      empty="No requests yet"
      icon={ClipboardList}
      description="Posting and tracking requests is coming soon."
    />
  );
}

export function NewRequestPage() {
  return (
    <ComingSoon
      title="New Request"
      empty="No requests yet"
      icon={ClipboardList}
      description="The request form is coming soon."
    />
  );
}

export function SellProductPage() {
  return (
    <ComingSoon
      title="Sell Product"
      empty="No products yet"
      icon={PackagePlus}
      description="Listing products for sale is coming soon."
    />
  );
}

export function EditProductPage() {
  return (
    <ComingSoon
      title="Edit Product"
      empty="No products yet"
      icon={PackagePlus}
      description="Editing products is coming soon."
    />
  );
}

export function MarketplacePage() {
  return (
    <ComingSoon
      title="Marketplace"
      empty="No products yet"
      icon={ShoppingBag}
      description="The campus marketplace is coming soon."
    />
  );
}

export function ProductDetailPage() {
  return (
    <ComingSoon
      title="Product Details"
      empty="No products yet"
      icon={ShoppingBag}
      description="Product details are coming soon."
    />
  );
}

export function DayScholarDashboardPage() {
  return (
    <ComingSoon
      title="Dashboard"
      empty="No deliveries yet"
      icon={LayoutDashboard}
      description="Your stats, active deliveries and available requests will appear here soon."
    />
  );
}

export function BrowseRequestsPage() {
  return (
    <ComingSoon
      title="Browse Requests"
      empty="No requests yet"
      icon={Search}
      description="Browsing open requests is coming soon."
    />
  );
}

export function MyDeliveriesPage() {
  return (
    <ComingSoon
      title="My Deliveries"
      empty="No deliveries yet"
      icon={Truck}
      description="Tracking your deliveries is coming soon."
    />
  );
}

export function ChatPage() {
  return (
    <ComingSoon
      title="Chat"
      empty="No conversations yet"
      icon={MessageCircle}
      description="Chat is coming soon."
    />
  );
}

export function ChatThreadPage() {
  return (
    <ComingSoon
      title="Chat"
      empty="No messages yet"
      icon={MessageCircle}
      description="Chat is coming soon."
    />
  );
}

export function RequestDetailPage() {
  return (
    <ComingSoon
      title="Request Details"
      empty="No requests yet"
      icon={ClipboardList}
      description="Request details are coming soon."
    />
  );
}
