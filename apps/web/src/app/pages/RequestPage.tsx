import { RequestDetailPage } from '@/features/requests/components/RequestDetailPage';
import { LazySettleCard } from './settle-card';
import { LazyTripOffer } from './trip-offer';

/**
 * /requests/{id}: the request; while it is pending, an open trip that could bring it (its requester
 * only); once it is completed, who owes whom for it (its two parties only).
 */
export function RequestPage() {
  return (
    <RequestDetailPage
      settle={(request) =>
        request.status === 'completed' ? (
          <LazySettleCard kind="request" targetId={request.id} />
        ) : (
          <LazyTripOffer request={request} />
        )
      }
    />
  );
}
