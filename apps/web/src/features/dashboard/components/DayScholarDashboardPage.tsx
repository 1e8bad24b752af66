import type { ReactNode } from 'react';
import { Bike, CheckCircle2, Clock, IndianRupee, Search, Store, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { RequestRow } from '@/components/requests/RequestRow';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import { useActiveDeliveries, useDayScholarStats } from '@/api/dashboard';
import { useAvailablePreview } from '@/api/requests';
import { DashboardFrame } from './DashboardFrame';
import { DashboardList } from './DashboardParts';
import { waitsForNetwork } from '@/components/ui/NotKeptOffline';

/**
 * /dayscholar/dashboard: stats, quick actions (Post a trip among them), active deliveries and available
 * requests; above them, `dues`.
 */
export function DayScholarDashboardPage({ dues }: { dues?: ReactNode }) {
  const stats = useDayScholarStats();
  const active = useActiveDeliveries();
  const available = useAvailablePreview();

  return (
    <DashboardFrame
      dues={dues}
      subtitle="Your deliveries and earnings at a glance."
      queries={[stats, active, available]}
      statsLoading={stats.isPending}
      isEmpty={active.data?.length === 0 && stats.data?.completedDeliveries === 0}
      stats={[
        { label: 'Pending deliveries', value: stats.data?.pendingDeliveries, icon: Clock },
        { label: 'Completed deliveries', value: stats.data?.completedDeliveries, icon: CheckCircle2 },
        { label: 'Available requests', value: stats.data?.availableRequests, icon: Search },
        {
          label: 'Total earnings',
          // The fees; the payers' tips apart, under them, once there are any.
          value: stats.data ? (
            <>
              {formatRupees(stats.data.totalEarnings)}
              {stats.data.totalTips > 0 && (
                <span className="mt-1 block text-sm font-medium text-slate-600">
                  {formatRupees(stats.data.totalTips)} in tips
                </span>
              )}
            </>
          ) : undefined,
          icon: IndianRupee,
        },
      ]}
      actions={[
        { to: paths.dayscholar.browseRequests, label: 'Browse requests', icon: Search },
        { to: paths.newTrip, label: 'Post a trip', icon: Bike },
        { to: paths.marketplace, label: 'Marketplace', icon: Store },
        { to: paths.dayscholar.myDeliveries, label: 'My deliveries', icon: Truck },
      ]}
    >
      <DashboardList
        title="Active deliveries"
        viewAll={paths.dayscholar.myDeliveries}
        items={active.data}
        isLoading={active.isPending}
        notKept={waitsForNetwork(active)}
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
        notKept={waitsForNetwork(available)}
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
    </DashboardFrame>
  );
}
