import { RequestDetailPage } from '@/features/requests/components/RequestDetailPage';
import { LazySettleCard } from './settle-card';

/** /requests/{id}: the request, and once it is completed, who owes whom for it (its two parties only). */
export function RequestPage() {
  return (
    <RequestDetailPage
      settle={(request) =>
        request.status === 'completed' ? <LazySettleCard kind="request" targetId={request.id} /> : null
      }
    />
  );
}
