import {
  DELIVERY_PROGRESS_WORDS,
  REQUEST_MESSAGES,
  type DeliveryRequest,
  type User,
} from '@campusrun/shared';
import { MessageCircle, Phone } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { DetailLoadError } from '@/components/ui/DetailLoadError';
import { Fact } from '@/components/ui/Fact';
import { CATEGORY_LABELS } from '@/components/requests/labels';
import { buttonClasses } from '@/components/ui/Button';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';
import { Spinner } from '@/components/ui/Spinner';
import { dashboardPath, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDateTime, formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useRequest, REQUEST_TOAST } from '@/api/requests';
import { ReportButton } from '@/components/reports/ReportButton';
import { ShareButton } from '@/components/share/ShareButton';
import { PartyCard } from './PartyCard';
import { RequestActions } from './RequestActions';
import { sharesFirst } from './request-actions';
import { RequestStateBadge, UrgentBadge } from '@/components/requests/RequestStatusBadge';
import { DeliveryProgressPanel } from '@/components/requests/DeliveryProgress';

/** The trip or shared run a request rides on: its badge, a link with a finger-sized target on phones. */
const GROUP_LINK =
  'inline-flex items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 max-sm:min-h-11';

/** What the page may show under the request's actions, composed by the app (the settle card). */
export type RequestDetailSlot = (request: DeliveryRequest) => ReactNode;

// eslint-disable-next-line max-lines-per-function -- the request page's header, facts (one line each) and parties in their order on screen.
function RequestBody({
  request,
  viewer,
  settle,
}: {
  request: DeliveryRequest;
  viewer: User;
  settle?: RequestDetailSlot;
}) {
  // The other party, as the server says (the requester's deliverer; anyone else's requester).
  const partner = request.can.chat ? request.counterpart : null;
  return (
    <>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Request Details</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <span>Request #{request.number}</span>
            <RequestStateBadge request={request} />
            {request.isUrgent && !request.isExpired && <UrgentBadge />}
            {request.tripId && (
              <Link to={paths.trip(request.tripId)} className={GROUP_LINK}>
                <Badge tone="blue">On a trip</Badge>
              </Link>
            )}
            {request.runId && (
              <Link to={paths.run(request.runId)} className={GROUP_LINK}>
                <Badge tone="violet">Part of a shared run</Badge>
              </Link>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {partner && (
            <Link
              to={paths.chatWith(partner.id)}
              aria-label={`Chat with ${partner.name}`}
              className={buttonClasses({ variant: 'secondary' })}
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              Chat
            </Link>
          )}
          {/* The requester's open request has Share as its main action, below. */}
          {!sharesFirst(request) && <ShareButton title={request.itemName} path={paths.request(request.id)} />}
        </div>
      </div>

      {/* At the gate the code is what the requester needs: first, above the fold on a phone. */}
      {request.handoverCode && <HandoverCode code={request.handoverCode} locked={request.handoverLocked} />}
      <DeliveryProgressPanel request={request} viewerIsDeliverer={request.delivererId === viewer.id} />
      {/* On the way, where to go is what the deliverer needs: above the fold on a phone. */}
      {request.contact && <DropPoint request={request} contact={request.contact} partner={partner} />}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="request-item"
          className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:col-span-2"
        >
          <h2 id="request-item" className="text-xl font-semibold text-slate-900">
            {request.itemName}
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-4">
            <Fact term="Delivery fee">{formatRupees(request.expectedPrice)}</Fact>
            <Fact term="Quantity">{request.quantity}</Fact>
            {request.itemCost !== null && (
              <Fact term="Item cost">
                <span className="block">{`≈ ${formatRupees(request.itemCost)}`}</span>
                {request.actualItemCost !== null && (
                  <span className="block">{`Receipt: ${formatRupees(request.actualItemCost)}`}</span>
                )}
              </Fact>
            )}
            {request.pickupFrom && <Fact term="Pick up from">{request.pickupFrom}</Fact>}
            <Fact term="Delivery location">{request.deliveryLocation}</Fact>
            <Fact term="Category">{CATEGORY_LABELS[request.category]}</Fact>
            <Fact term="Deadline">{formatDateTime(request.deadline)}</Fact>
            <Fact term="Created">{formatDateTime(request.createdAt)}</Fact>
            {request.acceptedAt && <Fact term="Accepted">{formatDateTime(request.acceptedAt)}</Fact>}
            {request.pickedUpAt && <Fact term="Picked up">{formatDateTime(request.pickedUpAt)}</Fact>}
            {request.status === 'completed' && request.completedAt && (
              <Fact term="Completed">{formatDateTime(request.completedAt)}</Fact>
            )}
            {request.status === 'cancelled' && request.cancelledAt && (
              <Fact term="Cancelled">{formatDateTime(request.cancelledAt)}</Fact>
            )}
          </dl>
          <div className="mt-6">
            <h3 className="text-sm font-medium text-slate-700">Description</h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-600">
              {request.description || 'No description.'}
            </p>
          </div>
          {request.deliveryNotes && (
            <div className="mt-4">
              <h3 className="text-sm font-medium text-slate-700">Delivery notes</h3>
              <p className="mt-1 text-sm whitespace-pre-line text-slate-600">{request.deliveryNotes}</p>
            </div>
          )}
          {request.handoverRequired && request.can.complete && (
            <p className="mt-6 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
              This requester asked for a handover code: ask them for it when you hand the items over, and type
              it when you mark the delivery completed.
            </p>
          )}
          {request.handoverLocked && request.status === 'accepted' && request.delivererId === viewer.id && (
            <p className="mt-6 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
              Too many wrong handover codes were typed for this request, so it can no longer be completed with
              a code. Hand the items over and ask the requester to confirm receipt.
            </p>
          )}
          {request.status === 'accepted' && request.requesterId === viewer.id && !request.pickedUpAt && (
            <p className="mt-6 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
              {REQUEST_MESSAGES.waitingForPickup}
            </p>
          )}
          {request.isExpired && (
            <p className="mt-6 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
              The deadline has passed, so day scholars no longer see this request.
            </p>
          )}
          <div className="mt-6">
            <RequestActions request={request} />
          </div>
          {settle?.(request)}
          {request.can.report && (
            <div className="mt-4">
              <ReportButton targetType="request" targetId={request.id} what="this request" />
            </div>
          )}
        </section>

        <div className="min-w-0 space-y-4">
          <PartyCard
            heading="Requester"
            roleLabel="Requester (Hosteller)"
            user={request.requester}
            isViewer={request.requesterId === viewer.id}
          />
          <PartyCard
            heading="Deliverer"
            roleLabel="Deliverer (Day Scholar)"
            user={request.deliverer}
            isViewer={request.delivererId === viewer.id}
            isAwaited={request.status === 'pending' && !request.isExpired}
          />
        </div>
      </div>
    </>
  );
}

/**
 * /requests/{id}: the request detail page. `settle` draws what the app puts under the actions (who
 * owes whom once it is completed).
 */
export function RequestDetailPage({ settle }: { settle?: RequestDetailSlot } = {}) {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useRequest(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const failed = query.isError && !notFound;

  useEffect(() => {
    // A failed load is a toast plus the error screen (docs/product.md#screen-states).
    if (failed)
      toast.error('Failed to load request details', { ...REQUEST_TOAST, toastId: 'request-load-failed' });
  }, [failed]);

  let content: ReactNode;
  if (waitsForNetwork(query)) {
    content = <NotKeptOffline what="This request" />;
  } else if (query.isPending) {
    content = (
      <div className="flex justify-center py-16 text-indigo-600">
        <Spinner className="size-8" label="Loading request" />
      </div>
    );
  } else if (query.isError || !user) {
    content = (
      <DetailLoadError
        notFound={notFound}
        notFoundTitle={REQUEST_MESSAGES.notFound}
        notFoundMessage="It may have been removed, or the link is wrong."
        failedTitle="Failed to load request"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
        back={{ to: dashboardPath(user?.role), label: 'Back to Dashboard' }}
      />
    );
  } else {
    content = <RequestBody request={query.data} viewer={user} settle={settle} />;
  }

  return (
    <>
      <title>
        {query.data ? `${query.data.itemName} · Request Details · CampusRun` : 'Request Details · CampusRun'}
      </title>
      {query.isPending || query.isError ? <h1 className="sr-only">Request Details</h1> : null}
      {content}
    </>
  );
}

/**
 * The deliverer's drop point: where the requester wants the items (the request's place, their block
 * and room) and their phone, with one-tap Call (when a number is known) and Chat.
 */
function DropPoint({
  request,
  contact,
  partner,
}: {
  request: DeliveryRequest;
  contact: NonNullable<DeliveryRequest['contact']>;
  partner: DeliveryRequest['counterpart'];
}) {
  const W = DELIVERY_PROGRESS_WORDS;
  return (
    <section aria-label="Requester contact" className="mt-6 rounded-lg bg-blue-50 p-4 ring-1 ring-blue-200">
      <h3 className="text-sm font-medium text-blue-900">{W.dropPoint}</h3>
      <p className="mt-1 text-lg font-semibold wrap-anywhere text-slate-900">{request.deliveryLocation}</p>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact term="Hostel block">{contact.hostelBlock ?? '—'}</Fact>
        <Fact term="Room">{contact.roomNumber ?? '—'}</Fact>
        <Fact term="Phone">{contact.phoneNumber ?? '—'}</Fact>
      </dl>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:flex">
        {contact.phoneNumber && (
          <a
            href={`tel:${contact.phoneNumber}`}
            aria-label={`${W.call} ${request.requester.name}`}
            className={buttonClasses({ variant: 'primary' })}
          >
            <Phone className="size-4" aria-hidden="true" />
            {W.call}
          </a>
        )}
        {partner && (
          <Link to={paths.chatWith(partner.id)} className={buttonClasses({ variant: 'secondary' })}>
            <MessageCircle className="size-4" aria-hidden="true" />
            {W.chat}
          </Link>
        )}
      </div>
    </section>
  );
}

/** The requester's handover code, in large type, read out digit by digit to screen readers. */
function HandoverCode({ code, locked }: { code: string; locked: boolean }) {
  return (
    <section
      aria-labelledby="handover-code"
      className="mt-6 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200"
    >
      <h3 id="handover-code" className="text-sm font-medium text-emerald-900">
        Handover code
      </h3>
      <p className="mt-1 font-mono text-4xl font-bold tracking-[0.3em] text-emerald-950">
        <span aria-hidden="true" data-testid="handover-code">
          {code}
        </span>
        <span className="sr-only">{code.split('').join(' ')}</span>
      </p>
      <p className="mt-2 text-sm text-emerald-900">
        Give this code to your deliverer only once you have the items: they type it to complete the delivery.
      </p>
      {locked && (
        <p className="mt-2 text-sm font-medium text-red-800">
          Too many wrong codes were typed. Confirm receipt once you have the items.
        </p>
      )}
    </section>
  );
}
