import { CheckCircle2, Clock, IndianRupee, Search, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatRupees } from '@/lib/format';
import { useActiveDeliveries, useAvailablePreview, useDayScholarStats } from '../api/dashboard';
import { DashboardError } from './DashboardError';
import { DashboardList, QuickAction, RequestRow, StatCard } from './DashboardParts';
import { SupportLink } from './SupportLink';

/** /dayscholar/dashboard: stats, active deliveries and available requests. */
export function DayScholarDashboardPage() {
  const { user } = useAuth();
  const stats = useDayScholarStats();
  const active = useActiveDeliveries();
  const available = useAvailablePreview();
  const queries = [stats, active, available];
  const failed = queries.find((q) => q.isError && !q.isFetching);
  const retry = () => queries.forEach((q) => void q.refetch());

  return (
    <>
      <title>Dashboard · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">
        {user ? `Welcome, ${user.name.split(' ')[0]}` : 'Dashboard'}
      </h1>
      <p className="mt-1 text-sm text-slate-500">Your deliveries and earnings at a glance.</p>

      {failed ? (
        <DashboardError error={failed.error} onRetry={retry} isRetrying={queries.some((q) => q.isFetching)} />
      ) : (
        <>
          <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Your stats">
            <StatCard
              label="Pending deliveries"
              value={stats.data?.pendingDeliveries}
              icon={Clock}
              isLoading={stats.isPending}
            />
            <StatCard
              label="Completed deliveries"
              value={stats.data?.completedDeliveries}
              icon={CheckCircle2}
              isLoading={stats.isPending}
            />
            <StatCard
              label="Available requests"
              value={stats.data?.availableRequests}
              icon={Search}
              isLoading={stats.isPending}
            />
            <StatCard
              label="Total earnings"
              value={stats.data ? formatRupees(stats.data.totalEarnings) : undefined}
              icon={IndianRupee}
              isLoading={stats.isPending}
            />
          </dl>

          <section aria-labelledby="quick-actions" className="mt-8">
            <h2 id="quick-actions" className="text-base font-semibold text-slate-900">
              Quick actions
            </h2>
            <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
              <QuickAction to={paths.dayscholar.browseRequests} label="Browse requests" icon={Search} />
              <QuickAction to={paths.dayscholar.myDeliveries} label="My deliveries" icon={Truck} />
            </div>
          </section>

          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            <DashboardList
              title="Active deliveries"
              viewAll={paths.dayscholar.myDeliveries}
              items={active.data}
              isLoading={active.isPending}
              renderItem={(r) => <RequestRow key={r.id} request={r} party="requester" />}
              empty="No active deliveries"
              emptyIcon={Truck}
              emptyAction={
                <Link to={paths.dayscholar.browseRequests} className={buttonClasses({ size: 'sm' })}>
                  Find a request
                </Link>
              }
            />
            <DashboardList
              title="Available requests"
              viewAll={paths.dayscholar.browseRequests}
              items={available.data}
              isLoading={available.isPending}
              renderItem={(r) => <RequestRow key={r.id} request={r} party="requester" />}
              empty="No open requests right now"
              emptyIcon={Search}
              emptyAction={
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void available.refetch()}
                  isLoading={available.isRefetching}
                >
                  Refresh
                </Button>
              }
            />
          </div>
        </>
      )}
      <SupportLink />
    </>
  );
}
