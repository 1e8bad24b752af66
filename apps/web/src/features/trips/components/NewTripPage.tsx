import { type CreateTripBody, LOGISTICS_LABELS, TRIP_LIMITS, createTripSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Field, TextField } from '@/components/ui/Field';
import { FormPage } from '@/components/ui/FormPage';
import { TimeField } from '@/components/ui/TimeField';
import { TimeShortcuts, soonTimes } from '@/components/ui/TimeShortcuts';
import { Textarea } from '@/components/ui/Input';
import { paths } from '@/config/paths';
import { useServerSubmit } from '@/lib/forms';
import { localToIso, toLocalInput } from '@/lib/local-time';
import { toast } from '@/lib/toast';
import { useCreateTrip, TRIP_TOAST } from '@/api/trips';

interface TripFormValues {
  from: string;
  arriveAt: string;
  cutoffAt: string;
  capacity: string;
  note: string;
}

/** The shared schema, with the browser's local times turned into ISO first. */
const formSchema = z.preprocess(
  (value) =>
    value && typeof value === 'object'
      ? {
          ...value,
          arriveAt: localToIso((value as TripFormValues).arriveAt),
          cutoffAt: localToIso((value as TripFormValues).cutoffAt),
        }
      : value,
  createTripSchema,
);
const resolver = zodResolver(
  formSchema as unknown as z.ZodType<CreateTripBody, TripFormValues>,
) as unknown as Resolver<TripFormValues, unknown, CreateTripBody>;

/** Checked in this order; each error shows under its field and the first one takes the focus. */
const FIELD_ORDER = ['from', 'arriveAt', 'cutoffAt', 'capacity', 'note'] as const;

const CREATE_TOAST = { ...TRIP_TOAST, toastId: 'trip:new' };

const MINUTE_MS = 60_000;
/** How long before the arrival requests may be added, unless the runner says otherwise. */
const CUTOFF_BEFORE_MS = 30 * MINUTE_MS;

/**
 * "Add requests by" for an arrival (datetime-local values): half an hour before it, or halfway there
 * when it is less than 45 minutes away; '' for an arrival that is not a time to come.
 */
function cutoffFor(arriveAt: string, now = Date.now()): string {
  const arrive = new Date(arriveAt).getTime();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(arriveAt) || Number.isNaN(arrive) || arrive <= now) return '';
  const ahead = arrive - now;
  const before =
    ahead > CUTOFF_BEFORE_MS * 1.5 ? CUTOFF_BEFORE_MS : Math.floor(ahead / 2 / MINUTE_MS) * MINUTE_MS;
  return toLocalInput(new Date(arrive - before));
}

/** /trips/new (day scholar): announce a trip to campus. */
export function NewTripPage() {
  const navigate = useNavigate();
  const mutation = useCreateTrip();
  const form = useForm<TripFormValues, unknown, CreateTripBody>({
    resolver,
    defaultValues: { from: '', arriveAt: '', cutoffAt: '', capacity: '3', note: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [arriveAt, cutoffAt] = useWatch({ control, name: ['arriveAt', 'cutoffAt'] });
  const arrivals = useMemo(() => soonTimes(new Date(), { minutes: [30, 60], hours: [17, 19] }), []);
  // The cutoff follows the arrival until the runner sets it by hand.
  const [cutoffByHand, setCutoffByHand] = useState(false);
  const arrive = (value: string) => {
    if (!cutoffByHand)
      setValue('cutoffAt', cutoffFor(value), { shouldDirty: true, shouldValidate: Boolean(errors.cutoffAt) });
  };
  const pickArrival = (value: string) => {
    setValue('arriveAt', value, { shouldDirty: true, shouldValidate: Boolean(errors.arriveAt) });
    arrive(value);
  };
  const { onSubmit } = useServerSubmit(form, {
    fields: FIELD_ORDER,
    submit: (body) => mutation.mutateAsync(body),
    onSuccess: (trip) => {
      toast.success('Trip posted', CREATE_TOAST);
      navigate(paths.trip(trip.id), { replace: true });
    },
    fallback: 'Failed to post the trip',
    // One open trip at a time (409): the server's message says what to do.
    showGeneral: (message) => toast.error(message, CREATE_TOAST),
  });
  const now = toLocalInput(new Date());

  return (
    <FormPage
      title={LOGISTICS_LABELS.postTrip}
      description="Hostellers add their pending requests until the time you set; each one is yours to deliver."
      cancelTo={paths.trips}
      onSubmit={onSubmit}
      submitLabel={LOGISTICS_LABELS.postTrip}
      isSubmitting={isSubmitting}
    >
      <TextField
        label={LOGISTICS_LABELS.from}
        maxLength={TRIP_LIMITS.fromMax}
        placeholder="e.g. Katpadi"
        error={errors.from?.message}
        {...register('from')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <TimeField
            label={LOGISTICS_LABELS.arriveAt}
            min={now}
            picked={arriveAt}
            error={errors.arriveAt?.message}
            {...register('arriveAt', {
              onChange: (event: { target: { value: string } }) => arrive(event.target.value),
            })}
          />
          <TimeShortcuts
            label="Arrival shortcuts"
            value={arriveAt}
            shortcuts={arrivals}
            onPick={pickArrival}
          />
        </div>
        <TimeField
          label={LOGISTICS_LABELS.cutoffAt}
          min={now}
          picked={cutoffAt}
          describe={(time) =>
            cutoffByHand ? time : `${time} · filled in from your arrival; you can change it`
          }
          error={errors.cutoffAt?.message}
          {...register('cutoffAt', { onChange: () => setCutoffByHand(true) })}
        />
      </div>
      <TextField
        label={LOGISTICS_LABELS.capacity}
        type="number"
        inputMode="numeric"
        min={TRIP_LIMITS.capacityMin}
        max={TRIP_LIMITS.capacityMax}
        step={1}
        hint={
          errors.capacity ? undefined : `${TRIP_LIMITS.capacityMin} to ${TRIP_LIMITS.capacityMax} requests`
        }
        error={errors.capacity?.message}
        {...register('capacity')}
      />
      <Field label={LOGISTICS_LABELS.note} error={errors.note?.message}>
        {({ invalid, ...control }) => (
          <Textarea
            rows={3}
            maxLength={TRIP_LIMITS.noteMax}
            placeholder="e.g. Can pick up from the market and the pharmacy"
            invalid={invalid}
            {...control}
            {...register('note')}
          />
        )}
      </Field>
    </FormPage>
  );
}
