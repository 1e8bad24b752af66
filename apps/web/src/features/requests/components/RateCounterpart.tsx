import type { DeliveryRequest, RatingType } from '@campusrun/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { StarRating } from '@/components/ui/StarRating';
import { useCreateRating } from '@/api/requests';
import { RatingDialog } from '@/components/ratings/deferred';

const RATE_BUTTON: Record<RatingType, string> = {
  hosteller_to_dayscholar: 'Rate Day Scholar',
  dayscholar_to_hosteller: 'Rate Hosteller',
};

/** Whom the viewer may rate for this request now, and the rating they gave once they did. */
export function ratingOf(request: DeliveryRequest) {
  const target =
    request.can.rate && request.counterpart && request.ratingType
      ? { user: request.counterpart, type: request.ratingType }
      : null;
  const rated =
    request.viewerRating !== null && request.counterpart
      ? { name: request.counterpart.name, stars: request.viewerRating }
      : null;
  return { target, rated };
}

/** The Rate button and its dialog; once rated, the rating given shows where the button was. */
export function RateCounterpart({ request }: { request: DeliveryRequest }) {
  const [open, setOpen] = useState(false);
  const createRating = useCreateRating();
  const { target, rated } = ratingOf(request);
  if (!target) {
    return rated ? (
      <p className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        {`You rated ${rated.name}`}
        <StarRating value={rated.stars} />
      </p>
    ) : null;
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {RATE_BUTTON[target.type]}
      </Button>
      <RatingDialog
        open={open}
        onClose={() => setOpen(false)}
        user={target.user}
        isPending={createRating.isPending}
        submit={(body) =>
          createRating.mutateAsync({
            ...body,
            userId: target.user.id,
            requestId: request.id,
            ratingType: target.type,
          })
        }
      />
    </>
  );
}
