import { DELIVERY_PROGRESS_WORDS, type DeliveryRequest } from '@campusrun/shared';
import { Bike } from 'lucide-react';
import { useState } from 'react';
import { formatTime } from '@/lib/format';
import { deliveryStage, minutesUntil, progressWords } from './arrival';
import { useArrivalClock } from './useArrivalClock';

const W = DELIVERY_PROGRESS_WORDS;

type Progress = Pick<DeliveryRequest, 'status' | 'pickedUpAt' | 'arrivalEta'>;

/**
 * A list row's word on the delivery: "Picked up", or the countdown ("Arriving in about 6 min",
 * "Any moment now"), moving by itself. Screen readers get the clock time instead of the ticking
 * minutes, so a list announced as it changes is not read out again at every tick.
 */
export function DeliveryProgressLine({ request, className }: { request: Progress; className?: string }) {
  const now = useArrivalClock(request.arrivalEta);
  const words = progressWords(request, now);
  if (!words) return null;
  if (deliveryStage(request) !== 'onTheWay') return <span className={className}>{words}</span>;
  return (
    <span className={className}>
      <span aria-hidden="true" data-testid="arrival-countdown">
        {words}
      </span>
      <span className="sr-only">{W.arrivingAround(formatTime(request.arrivalEta!))}</span>
    </span>
  );
}

/** What is announced of the delivery: once per step or new estimate (and when it is due), never per tick. */
function useAnnouncement(
  request: Pick<DeliveryRequest, 'arrivalEta' | 'onTheWayAt' | 'deliverer'> & Progress,
  now: number,
) {
  const stage = deliveryStage(request);
  const due = stage === 'onTheWay' && minutesUntil(request.arrivalEta!, now) === 0;
  const key = `${stage}|${request.arrivalEta}|${due}`;
  const text = () => {
    if (stage === 'pickedUp') return W.pickedUp;
    if (stage !== 'onTheWay') return '';
    if (due) return W.anyMoment;
    // Counted from when it was sent at the earliest: a clock that has not moved on yet since says more.
    const from = Math.max(now, request.onTheWayAt ? Date.parse(request.onTheWayAt) : now);
    return W.onTheWay(request.deliverer?.name ?? '', minutesUntil(request.arrivalEta!, from));
  };
  const [spoken, setSpoken] = useState(() => ({ key, text: text() }));
  // Set while rendering when the step or the estimate changed (React's pattern for derived state).
  if (spoken.key !== key) setSpoken({ key, text: text() });
  return spoken.key === key ? spoken.text : text();
}

/**
 * The request page's word on an accepted delivery, for both parties: picked up (by whom, when),
 * then the live countdown to the deliverer's estimate. A polite status region beside it says each
 * step and each new estimate once.
 */
export function DeliveryProgressPanel({
  request,
  viewerIsDeliverer,
}: {
  request: Pick<DeliveryRequest, 'arrivalEta' | 'onTheWayAt' | 'deliverer'> & Progress;
  viewerIsDeliverer: boolean;
}) {
  const now = useArrivalClock(request.arrivalEta);
  const announcement = useAnnouncement(request, now);
  const words = progressWords(request, now);
  if (request.status !== 'accepted') return null;
  const who = viewerIsDeliverer ? 'You' : (request.deliverer?.name ?? '');
  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {words && (
        <section
          aria-labelledby="delivery-progress"
          className="mt-6 flex items-start gap-3 rounded-lg bg-indigo-50 p-4 ring-1 ring-indigo-100"
        >
          <Bike className="mt-1 size-6 shrink-0 text-indigo-700" aria-hidden="true" />
          <div className="min-w-0">
            <h3 id="delivery-progress" className="text-sm font-medium text-indigo-800">
              {W.heading}
            </h3>
            <p
              className="mt-0.5 text-xl font-semibold text-indigo-900"
              aria-hidden="true"
              data-testid="arrival"
            >
              {words}
            </p>
            <p className="mt-1 text-sm wrap-anywhere text-indigo-800">
              {request.arrivalEta
                ? W.expectedAround(formatTime(request.arrivalEta))
                : W.pickedUpBy(who, formatTime(request.pickedUpAt!))}
            </p>
          </div>
        </section>
      )}
    </>
  );
}
