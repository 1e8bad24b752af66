import { type CreateTripBody, LOGISTICS_LABELS, TRIP_LIMITS, createTripSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { BackLink } from '@/components/ui/BackLink';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Field, TextField } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
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

/** The picked time as the app writes dates elsewhere, under the picker. */
function timeHint(value: string): string | undefined {
  const iso = localToIso(value);
  return typeof iso === 'string' && iso !== value ? formatDateTime(iso) : undefined;
}

const CREATE_TOAST = { ...TRIP_TOAST, toastId: 'trip:new' };

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
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [arriveAt, cutoffAt] = useWatch({ control, name: ['arriveAt', 'cutoffAt'] });
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
    <>
      <title>Post a trip · CampusRun</title>
      <BackLink to={paths.trips}>Back to Trips</BackLink>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{LOGISTICS_LABELS.postTrip}</h1>
      <p className="mt-1 text-sm text-slate-500">
        Hostellers add their pending requests until the time you set; each one is yours to deliver.
      </p>
      <section className="mt-6 max-w-2xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <TextField
            label={LOGISTICS_LABELS.from}
            maxLength={TRIP_LIMITS.fromMax}
            placeholder="e.g. Katpadi"
            error={errors.from?.message}
            {...register('from')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={LOGISTICS_LABELS.arriveAt}
              type="datetime-local"
              min={now}
              hint={errors.arriveAt ? undefined : timeHint(arriveAt)}
              error={errors.arriveAt?.message}
              {...register('arriveAt')}
            />
            <TextField
              label={LOGISTICS_LABELS.cutoffAt}
              type="datetime-local"
              min={now}
              hint={errors.cutoffAt ? undefined : timeHint(cutoffAt)}
              error={errors.cutoffAt?.message}
              {...register('cutoffAt')}
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
              errors.capacity
                ? undefined
                : `${TRIP_LIMITS.capacityMin} to ${TRIP_LIMITS.capacityMax} requests`
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
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={paths.trips} className={buttonClasses({ variant: 'secondary' })}>
              Cancel
            </Link>
            <Button type="submit" isLoading={isSubmitting}>
              {LOGISTICS_LABELS.postTrip}
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
