import { CheckCircle2, ClipboardList, Clock, Package, Plus, ShoppingBag, Store, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useHostellerStats, useRecentProducts, useRecentRequests } from '../api/dashboard';
import { DashboardError } from './DashboardError';
import { DashboardList, ProductRow, QuickAction, RequestRow, StatCard } from './DashboardParts';
import { SupportLink } from './SupportLink';

/** /hosteller/dashboard: stats, quick actions, recent requests and recent products. */
export function HostellerDashboardPage() {
  const { user } = useAuth();
  const stats = useHostellerStats();
  const requests = useRecentRequests();
  const products = useRecentProducts();
  const queries = [stats, requests, products];
  const failed = queries.find((q) => q.isError && !q.isFetching);
  const retry = () => queries.forEach((q) => void q.refetch());

  return (
    <>
      <title>Dashboard · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">
        {user ? `Welcome, ${user.name.split(' ')[0]}` : 'Dashboard'}
      </h1>
      <p className="mt-1 text-sm text-slate-500">Your requests and listings at a glance.</p>

      {failed ? (
        <DashboardError error={failed.error} onRetry={retry} isRetrying={queries.some((q) => q.isFetching)} />
      ) : (
        <>
          <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Your stats">
            <StatCard
              label="Pending requests"
              value={stats.data?.pendingRequests}
              icon={Clock}
              isLoading={stats.isPending}
            />
            <StatCard
              label="Completed requests"
              value={stats.data?.completedRequests}
              icon={CheckCircle2}
              isLoading={stats.isPending}
            />
            <StatCard
              label="Active products"
              value={stats.data?.activeProducts}
              icon={Package}
              isLoading={stats.isPending}
            />
            <StatCard
              label="Sold products"
              value={stats.data?.soldProducts}
              icon={Tag}
              isLoading={stats.isPending}
            />
          </dl>

          <section aria-labelledby="quick-actions" className="mt-8">
            <h2 id="quick-actions" className="text-base font-semibold text-slate-900">
              Quick actions
            </h2>
            <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
              <QuickAction to={paths.hosteller.newRequest} label="New request" icon={Plus} />
              <QuickAction to={paths.hosteller.sellProduct} label="Sell product" icon={ShoppingBag} />
              <QuickAction to={paths.hosteller.marketplace} label="Marketplace" icon={Store} />
              <QuickAction to={paths.hosteller.myRequests} label="My requests" icon={ClipboardList} />
            </div>
          </section>

          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            <DashboardList
              title="Recent requests"
              viewAll={paths.hosteller.myRequests}
              items={requests.data}
              isLoading={requests.isPending}
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
              viewAll={paths.hosteller.marketplace}
              items={products.data}
              isLoading={products.isPending}
              renderItem={(p) => <ProductRow key={p.id} product={p} />}
              empty="No products listed yet"
              emptyIcon={Package}
              emptyAction={
                <Link to={paths.hosteller.sellProduct} className={buttonClasses({ size: 'sm' })}>
                  Sell a product
                </Link>
              }
            />
          </div>
        </>
      )}
      <SupportLink />
    </>
  );
}
