import type { DeliveryStatusFilter, RequestStatus } from '@campusrun/shared';
import clsx from 'clsx';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { RotateCw, Truck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { paths } from '@/config/paths';
import { useMyDeliveries } from '@/api/requests';
import { PageHeader } from '@/components/ui/PageHeader';
import { type StatusFilters, useFollowOwnMove } from '../own-moves';
import { RequestList } from './RequestList';

const TABS = [
  { value: 'active', label: 'Active', empty: 'No active deliveries' },
  { value: 'completed', label: 'Completed', empty: 'No completed deliveries yet' },
  { value: 'cancelled', label: 'Cancelled', empty: 'No cancelled deliveries' },
] as const satisfies readonly { value: DeliveryStatusFilter; label: string; empty: string }[];

type TabValue = (typeof TABS)[number]['value'];

/** The tab a delivery of this status is under (one given back is pending again, and off the list). */
const tabOf = (status: RequestStatus): TabValue =>
  status === 'completed' || status === 'cancelled' ? status : 'active';

const TAB_FILTERS: StatusFilters<TabValue> = {
  holds: (tab, status) => tabOf(status) === tab,
  home: tabOf,
  label: (tab) => TABS.find((t) => t.value === tab)?.label ?? tab,
};

function DeliveriesTab({ status, empty }: { status: DeliveryStatusFilter; empty: string }) {
  const query = useMyDeliveries(status);
  const items = query.data?.pages.flatMap((page) => page.deliveries);
  return (
    <RequestList
      items={items}
      party="requester"
      label="Deliveries"
      groupRuns
      query={query}
      errorTitle="Failed to load your deliveries"
      empty={
        <EmptyState
          icon={Truck}
          title={empty}
          action={
            <Link to={paths.dayscholar.browseRequests} className={buttonClasses()}>
              Browse requests
            </Link>
          }
        />
      }
    />
  );
}

/**
 * /dayscholar/my-deliveries: tabs Active (pending or accepted), Completed, Cancelled; Refresh. A
 * delivery the day scholar's own action moved to another tab takes the list with it.
 */
export function MyDeliveriesPage() {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((tab) => tab.value === params.get('tab')),
  );
  const status = TABS[index].value;
  const query = useMyDeliveries(status);
  const show = (tab: TabValue) =>
    setParams(tab === 'active' ? {} : { tab }, { replace: true, preventScrollReset: true });
  const moved = useFollowOwnMove('deliverer', status, TAB_FILTERS, show);

  return (
    <>
      <PageHeader
        title="My Deliveries"
        description="Requests you have accepted."
        actions={
          <Button
            variant="secondary"
            onClick={() => void query.refetch()}
            isLoading={query.isRefetching}
            aria-label="Refresh deliveries"
          >
            {!query.isRefetching && <RotateCw className="size-4" aria-hidden="true" />}
            Refresh
          </Button>
        }
      />
      <TabGroup
        className="mt-6"
        selectedIndex={index}
        onChange={(i) => {
          moved.dismiss();
          show(TABS[i].value);
        }}
      >
        <TabList className="flex gap-1 rounded-lg bg-slate-100 p-1 sm:inline-flex">
          {TABS.map((tab) => (
            <Tab
              key={tab.value}
              className="flex-1 rounded-md px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm"
            >
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <p
          role="status"
          className={clsx('text-sm font-medium text-indigo-700', moved.announcement && 'mt-3')}
        >
          {moved.announcement}
        </p>
        <TabPanels className="mt-6">
          {TABS.map((tab) => (
            <TabPanel
              key={tab.value}
              unmount
              className="focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <DeliveriesTab status={tab.value} empty={tab.empty} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </>
  );
}
