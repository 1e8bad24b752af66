import { NewRequestPage } from '@/features/requests/components/NewRequestPage';
import { TripOfferHint } from '@/features/trips/components/TripOffer';

/** /hosteller/my-requests/new: the form, with an open trip that could bring the request. */
export function PostRequestPage() {
  return <NewRequestPage tripOffer={(deadline) => <TripOfferHint deadline={deadline} />} />;
}
