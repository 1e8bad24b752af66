import { REQUEST_STATUS_FILTERS, type RequestStatusFilter } from '@campusrun/shared';
import { ClipboardList, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { paths } from '@/config/paths';
import { useMyRequests } from '@/api/requests';
import { PageHeader } from '@/components/ui/PageHeader';
import { FilterPills } from './FilterPills';
import { QueuedRequests } from './QueuedRequests';
import { RequestList } from './RequestList';

const OPTIONS = REQUEST_STATUS_FILTERS.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

function statusFromParams(params: URLSearchParams): RequestStatusFilter {
  const status = params.get('status');
  return (REQUEST_STATUS_FILTERS as readonly string[]).includes(status ?? '')
    ? (status as RequestStatusFilter)
    : 'all';
}

/** /hosteller/my-requests: own requests with the status filter (in the URL). */
export function MyRequestsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusFromParams(params);
  const query = useMyRequests(status);
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
          onChange={(value) =>
            setParams(value === 'all' ? {} : { status: value }, { replace: true, preventScrollReset: true })
          }
        />
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
