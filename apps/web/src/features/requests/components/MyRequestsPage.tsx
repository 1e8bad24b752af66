import { REQUEST_STATUS_FILTERS, type RequestStatusFilter } from '@campusrun/shared';
import clsx from 'clsx';
import { ClipboardList, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { paths } from '@/config/paths';
import { useMyRequests } from '@/api/requests';
import { PageHeader } from '@/components/ui/PageHeader';
import { type StatusFilters, useFollowOwnMove } from '../own-moves';
import { FilterPills } from './FilterPills';
import { QueuedRequests } from './QueuedRequests';
import { RequestList } from './RequestList';

const labelOf = (value: RequestStatusFilter) => value.charAt(0).toUpperCase() + value.slice(1);

const OPTIONS = REQUEST_STATUS_FILTERS.map((value) => ({ value, label: labelOf(value) }));

/** All holds every request; each other filter its own status. */
const STATUS_FILTERS: StatusFilters<RequestStatusFilter> = {
  holds: (filter, status) => filter === 'all' || filter === status,
  home: (status) => status,
  label: labelOf,
};

function statusFromParams(params: URLSearchParams): RequestStatusFilter {
  const status = params.get('status');
  return (REQUEST_STATUS_FILTERS as readonly string[]).includes(status ?? '')
    ? (status as RequestStatusFilter)
    : 'all';
}

/**
 * /hosteller/my-requests: own requests with the status filter (in the URL). A request the hosteller's
 * own action moved out of the filter shown takes the filter with it.
 */
export function MyRequestsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusFromParams(params);
  const query = useMyRequests(status);
  const show = (value: RequestStatusFilter) =>
    setParams(value === 'all' ? {} : { status: value }, { replace: true, preventScrollReset: true });
  const moved = useFollowOwnMove('requester', status, STATUS_FILTERS, show);
  const items = query.data?.pages.flatMap((page) => page.requests);

  const newRequest = (
    <Link to={paths.hosteller.newRequest} className={buttonClasses()}>
      <Plus className="size-4" aria-hidden="true" />
      New Request
    </Link>
  );

  return (
    <>
      <PageHeader title="My Requests" description="Track the errands you asked for." actions={newRequest} />
      <QueuedRequests />
      <div className="mt-6">
        <FilterPills
          label="Filter by status"
          options={OPTIONS}
          value={status}
          onChange={(value) => {
            moved.dismiss();
            show(value);
          }}
        />
        <p
          role="status"
          className={clsx('text-sm font-medium text-indigo-700', moved.announcement && 'mt-3')}
        >
          {moved.announcement}
        </p>
      </div>
      <section className="mt-6" aria-busy={query.isFetching || undefined}>
        <RequestList
          items={items}
          party="deliverer"
          label="Requests"
          query={query}
          errorTitle="Failed to load requests"
          empty={
            status === 'all' ? (
              <EmptyState
                icon={ClipboardList}
                title="No requests yet"
                description="Create your first request and a day scholar will pick it up."
                action={
                  <Link to={paths.hosteller.newRequest} className={buttonClasses()}>
                    Create your first request
                  </Link>
                }
              />
            ) : (
              <EmptyState
                icon={ClipboardList}
                title={`No ${status} requests`}
                action={
                  <Link to={paths.hosteller.newRequest} className={buttonClasses()}>
                    Create a request
                  </Link>
                }
              />
            )
          }
        />
      </section>
    </>
  );
}
