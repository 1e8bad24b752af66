import type { ReactNode } from 'react';
import { CheckCircle2, ClipboardList, Clock, Package, Plus, ShoppingBag, Store, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { RequestRow } from '@/components/requests/RequestRow';
import { paths } from '@/config/paths';
import { useHostellerStats, useRecentProducts, useRecentRequests } from '@/api/dashboard';
import { DashboardFrame } from './DashboardFrame';
import { DashboardList, ProductRow } from './DashboardParts';
import { waitsForNetwork } from '@/components/ui/NotKeptOffline';

/** /hosteller/dashboard: stats, quick actions, recent requests and recent products; above them, `dues`. */
export function HostellerDashboardPage({ dues }: { dues?: ReactNode }) {
  const stats = useHostellerStats();
  const requests = useRecentRequests();
  const products = useRecentProducts();

  return (
    <DashboardFrame
      dues={dues}
      subtitle="Your requests and listings at a glance."
      queries={[stats, requests, products]}
      statsLoading={stats.isPending}
      isEmpty={requests.data?.length === 0 && products.data?.length === 0}
      stats={[
        { label: 'Pending requests', value: stats.data?.pendingRequests, icon: Clock },
        { label: 'Completed requests', value: stats.data?.completedRequests, icon: CheckCircle2 },
        { label: 'Active products', value: stats.data?.activeProducts, icon: Package },
        { label: 'Sold products', value: stats.data?.soldProducts, icon: Tag },
      ]}
      actions={[
        { to: paths.hosteller.newRequest, label: 'New request', icon: Plus },
        { to: paths.hosteller.sellProduct, label: 'Sell product', icon: ShoppingBag },
        { to: paths.marketplace, label: 'Marketplace', icon: Store },
        { to: paths.hosteller.myRequests, label: 'My requests', icon: ClipboardList },
      ]}
    >
      <DashboardList
        title="Recent requests"
        viewAll={paths.hosteller.myRequests}
        items={requests.data}
        isLoading={requests.isPending}
        notKept={waitsForNetwork(requests)}
        renderItem={(r) => <RequestRow key={r.id} request={r} party="deliverer" />}
        empty="No requests yet"
        emptyIcon={ClipboardList}
        emptyAction={
          <Link to={paths.hosteller.newRequest} className={buttonClasses({ size: 'sm' })}>
            Create your first request
          </Link>
        }
      />
      <DashboardList
        title="Recent products"
        viewAll={paths.marketplace}
        items={products.data}
        isLoading={products.isPending}
        notKept={waitsForNetwork(products)}
        renderItem={(p) => <ProductRow key={p.id} product={p} />}
        empty="No products listed yet"
        emptyIcon={Package}
        emptyAction={
          <Link to={paths.hosteller.sellProduct} className={buttonClasses({ size: 'sm' })}>
            Sell a product
          </Link>
        }
      />
    </DashboardFrame>
  );
}
