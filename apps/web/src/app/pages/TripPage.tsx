import type { DeliverDialogProps } from '@/features/requests/components/DeliverDialog';
import { TripDetailPage } from '@/features/trips/components/TripDetailPage';
import { deferredComponent } from '@/lib/deferred';

/** Completing a delivery (the handover code, the receipt): its code loads after the first screen. */
const DeliverDialog = deferredComponent<DeliverDialogProps>(() =>
  import('@/features/requests/components/DeliverDialog').then((m) => m.DeliverDialog),
);

/** /trips/{id}: the trip; its runner completes each drop of the stop list in the requests' own dialog. */
export function TripPage() {
  return <TripDetailPage completeDialog={(props) => <DeliverDialog {...props} />} />;
}
