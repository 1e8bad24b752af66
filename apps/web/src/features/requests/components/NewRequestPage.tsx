import {
  type CreateRequestBody,
  HANDOVER_CODE,
  REQUEST_CATEGORIES,
  REQUEST_LABELS,
  REQUEST_LIMITS,
  createRequestSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type FieldErrors, type Resolver, type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { BackLink } from '@/components/ui/BackLink';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Chip } from '@/components/ui/Chip';
import { Field, TextField } from '@/components/ui/Field';
import { Select, Textarea } from '@/components/ui/Input';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useCreateRequest, myRequestsQuery, REQUEST_TOAST } from '@/api/requests';
import { deadlineShortcuts, localDeadlineField, localToIso, minDeadline } from './deadline-input';
import { profileLocation, recentLocations } from './delivery-locations';

interface RequestFormValues {
  itemName: string;
  expectedPrice: string;
  deadline: string;
  deliveryLocation: string;
  description: string;
  quantity: string;
  isUrgent: boolean;
  handoverCode: boolean;
  category: (typeof REQUEST_CATEGORIES)[number];
  itemCost: string;
  pickupFrom: string;
}

/** The shared schema, with the browser's local deadline turned into ISO first (keeps the key order). */
const formSchema = createRequestSchema.extend({ deadline: localDeadlineField });
const resolver = zodResolver(formSchema) as unknown as Resolver<
  RequestFormValues,
  unknown,
  CreateRequestBody
>;

/** Checked in this order; each error shows under its field and the first one takes the focus. */
const FIELD_ORDER = [
  'itemName',
  'expectedPrice',
  'deadline',
  'deliveryLocation',
  'description',
  'quantity',
  'category',
  'itemCost',
  'pickupFrom',
] as const;

const CATEGORY_LABELS: Record<(typeof REQUEST_CATEGORIES)[number], string> = {
  groceries: 'Groceries',
  medicines: 'Medicines',
  stationery: 'Stationery',
  food: 'Food',
  other: 'Other',
};

/** The picked deadline as the app writes dates elsewhere ("Due 22 Nov 2026, 9:00 pm"). */
function deadlineHint(value: string): string | undefined {
  const iso = localToIso(value);
  return typeof iso === 'string' && iso !== value ? `Due ${formatDateTime(iso)}` : undefined;
}

/** Creating a request is one action: its toasts replace each other (pressing Create again adds no copy). */
const CREATE_TOAST = { ...REQUEST_TOAST, toastId: 'request:new' };

/** /hosteller/my-requests/new: the create-request form. */
export function NewRequestPage() {
  const navigate = useNavigate();
  const mutation = useCreateRequest();
  const { user } = useAuth();
  // The student's own latest requests (the My Requests list, shared with that screen's cache).
  const mine = useInfiniteQuery(myRequestsQuery('all'));
  const recent = useMemo(() => recentLocations(mine.data?.pages[0]?.requests ?? []), [mine.data]);
  const form = useForm<RequestFormValues, unknown, CreateRequestBody>({
    resolver,
    defaultValues: {
      itemName: '',
      expectedPrice: '',
      deadline: '',
      deliveryLocation: profileLocation(user),
      description: '',
      quantity: '1',
      isUrgent: false,
      handoverCode: true,
      category: 'other',
      itemCost: '',
      pickupFrom: '',
    },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const deadline = useWatch({ control, name: 'deadline' });
  const location = useWatch({ control, name: 'deliveryLocation' });
  const choose = (field: 'deadline' | 'deliveryLocation', value: string) =>
    setValue(field, value, { shouldDirty: true, shouldValidate: Boolean(errors[field]) });

  // Nothing typed is lost on a failure: the form keeps every value. An error that shows under its
  // field is not toasted again.
  const { onSubmit } = useServerSubmit(form, {
    fields: FIELD_ORDER,
    submit: (body) => mutation.mutateAsync(body),
    onSuccess: (request) => {
      toast.success('Request created successfully!', CREATE_TOAST);
      navigate(paths.request(request.id), { replace: true });
    },
    fallback: 'Failed to create request',
    showGeneral: (message) => toast.error(message, CREATE_TOAST),
  });

  return (
    <>
      <title>New Request · CampusRun</title>
      <BackLink to={paths.hosteller.myRequests}>Back to My Requests</BackLink>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">New Request</h1>
      <p className="mt-1 text-sm text-slate-500">Tell day scholars what to bring and where.</p>

      <section className="mt-6 max-w-2xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <ItemFields register={register} errors={errors} />
          <DeadlineField
            register={register}
            error={errors.deadline?.message}
            value={deadline}
            onShortcut={(value) => choose('deadline', value)}
          />
          <TextField
            label={REQUEST_LABELS.pickupFrom}
            maxLength={REQUEST_LIMITS.pickupFromMax}
            placeholder="e.g. Katpadi market"
            error={errors.pickupFrom?.message}
            {...register('pickupFrom')}
          />
          <LocationField
            register={register}
            error={errors.deliveryLocation?.message}
            value={location}
            recent={recent}
            onRecent={(place) => choose('deliveryLocation', place)}
          />
          <Checkbox label="Urgent" hint="Shown with a red Urgent pill." {...register('isUrgent')} />
          <Checkbox
            label={HANDOVER_CODE.optionLabel}
            hint="You get a 4-digit code once someone accepts; they type it when they hand the items over."
            {...register('handoverCode')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={paths.hosteller.myRequests} className={buttonClasses({ variant: 'secondary' })}>
              Cancel
            </Link>
            <Button type="submit" isLoading={isSubmitting}>
              Create Request
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}

type Register = UseFormRegister<RequestFormValues>;

/** What is asked for: the item, how many, the fee and the item's cost, its category. */
function ItemFields({ register, errors }: { register: Register; errors: FieldErrors<RequestFormValues> }) {
  return (
    <>
      <TextField
        label="Item name"
        maxLength={REQUEST_LIMITS.itemNameMax}
        placeholder="e.g. Paracetamol 500 mg"
        error={errors.itemName?.message}
        {...register('itemName')}
      />
      <Field label="Description (optional)" error={errors.description?.message}>
        {({ invalid, ...control }) => (
          <Textarea
            rows={3}
            maxLength={REQUEST_LIMITS.descriptionMax}
            invalid={invalid}
            {...control}
            {...register('description')}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={REQUEST_LIMITS.quantityMax}
          step={1}
          error={errors.quantity?.message}
          {...register('quantity')}
        />
        <TextField
          label={REQUEST_LABELS.fee}
          type="number"
          inputMode="decimal"
          min={REQUEST_LIMITS.priceMin}
          step="any"
          error={errors.expectedPrice?.message}
          {...register('expectedPrice')}
        />
        <TextField
          label={REQUEST_LABELS.itemCost}
          hint={errors.itemCost ? undefined : REQUEST_LABELS.itemCostHint}
          type="number"
          inputMode="decimal"
          min={REQUEST_LIMITS.priceMin}
          step="any"
          error={errors.itemCost?.message}
          {...register('itemCost')}
        />
        <Field label="Category" error={errors.category?.message}>
          {({ invalid, ...control }) => (
            <Select invalid={invalid} {...control} {...register('category')}>
              {REQUEST_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </>
  );
}

/** The deadline picker with its one-tap shortcuts, and the picked time written out under it. */
function DeadlineField({
  register,
  error,
  value,
  onShortcut,
}: {
  register: Register;
  error: string | undefined;
  value: string;
  onShortcut: (value: string) => void;
}) {
  const shortcuts = useMemo(() => deadlineShortcuts(), []);
  return (
    <div className="space-y-2">
      <TextField
        label="Deadline"
        type="datetime-local"
        min={minDeadline()}
        hint={error ? undefined : deadlineHint(value)}
        error={error}
        {...register('deadline')}
      />
      <ul aria-label="Time shortcuts" className="flex flex-wrap gap-2">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.label}>
            <Chip
              pressed={value === shortcut.value}
              title={formatDateTime(shortcut.value)}
              onClick={() => onShortcut(shortcut.value)}
            >
              {shortcut.label}
            </Chip>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where to deliver, with the places of the student's recent requests one tap away. */
function LocationField({
  register,
  error,
  value,
  recent,
  onRecent,
}: {
  register: Register;
  error: string | undefined;
  value: string;
  recent: string[];
  onRecent: (place: string) => void;
}) {
  return (
    <div className="space-y-2">
      <TextField
        label="Delivery location"
        maxLength={REQUEST_LIMITS.locationMax}
        placeholder="e.g. Block A, room 101"
        error={error}
        {...register('deliveryLocation')}
      />
      {recent.length > 0 && (
        <ul aria-label="Recent places" className="flex flex-wrap gap-2">
          {recent.map((place) => (
            <li key={place}>
              <Chip pressed={value === place} onClick={() => onRecent(place)}>
                {place}
              </Chip>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
