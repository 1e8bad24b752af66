import { type CreateRequestBody, HANDOVER_CODE, REQUEST_LABELS, REQUEST_LIMITS } from '@campusrun/shared';
import { onlineManager, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  CategoryField,
  DescriptionField,
  ItemCostField,
  ItemNameField,
  QuantityField,
} from '@/components/requests/RequestFields';
import { Checkbox } from '@/components/ui/Checkbox';
import { TextField } from '@/components/ui/Field';
import { FormPage } from '@/components/ui/FormPage';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useServerSubmit } from '@/lib/forms';
import { askForPushAfter } from '@/lib/push-ask';
import { toast } from '@/lib/toast';
import { useCreateRequest, myRequestsQuery, REQUEST_TOAST } from '@/api/requests';
import { queueRequest } from '../outbox';
import { DeadlineField } from './DeadlineField';
import { LocationField } from './LocationField';
import { recentLocations } from './delivery-locations';
import { FeeField, PaymentTotal } from './FeeField';
import {
  FIELD_ORDER,
  type RequestFormValues,
  emptyRequest,
  paymentPreview,
  requestResolver,
} from './request-form';

/** Creating a request is one action: its toasts replace each other (pressing Create again adds no copy). */
const CREATE_TOAST = { ...REQUEST_TOAST, toastId: 'request:new' };

/**
 * /hosteller/my-requests/new: the create-request form. `tripOffer` draws what the app shows under the
 * deadline as it is picked (an open trip that could bring the request).
 */
export function NewRequestPage({ tripOffer }: { tripOffer?: (deadline: string) => ReactNode } = {}) {
  const navigate = useNavigate();
  const mutation = useCreateRequest();
  const { user } = useAuth();
  // The student's own latest requests (the My Requests list, shared with that screen's cache).
  const mine = useInfiniteQuery(myRequestsQuery('all'));
  const recent = useMemo(() => recentLocations(mine.data?.pages[0]?.requests ?? []), [mine.data]);
  const form = useForm<RequestFormValues, unknown, CreateRequestBody>({
    resolver: requestResolver,
    defaultValues: emptyRequest(user),
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
  const choose = (field: 'deadline' | 'deliveryLocation' | 'expectedPrice', value: string) =>
    setValue(field, value, { shouldDirty: true, shouldValidate: Boolean(errors[field]) });

  // Nothing typed is lost on a failure: the form keeps every value. An error that shows under its
  // field is not toasted again.
  const { onSubmit } = useServerSubmit(form, {
    fields: FIELD_ORDER,
    // Offline, the request waits on the device and posts once the network is back (My Requests
    // shows it meanwhile): nothing spins, nothing typed is lost.
    submit: async (body) =>
      onlineManager.isOnline()
        ? { posted: await mutation.mutateAsync(body) }
        : { queued: queueRequest(body) },
    onSuccess: (result) => {
      if ('queued' in result) {
        toast.info('You’re offline. Your request will post when you’re back online.', CREATE_TOAST);
        navigate(paths.hosteller.myRequests, { replace: true });
        return;
      }
      toast.success('Request created successfully!', CREATE_TOAST);
      askForPushAfter('post');
      navigate(paths.request(result.posted.id), { replace: true });
    },
    fallback: 'Failed to create request',
    showGeneral: (message) => toast.error(message, CREATE_TOAST),
  });

  return (
    <FormPage
      title="New Request"
      description="Tell day scholars what to bring and where."
      cancelTo={paths.hosteller.myRequests}
      onSubmit={onSubmit}
      submitLabel="Create Request"
      isSubmitting={isSubmitting}
    >
      <ItemFields
        register={register}
        control={control}
        errors={errors}
        onFee={(fee) => choose('expectedPrice', fee)}
      />
      <DeadlineField
        register={register}
        error={errors.deadline?.message}
        value={deadline}
        onShortcut={(value) => choose('deadline', value)}
      />
      {tripOffer?.(deadline)}
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
    </FormPage>
  );
}

/**
 * What is asked for: the item, how many, its category, then the money side by side (the fee and the
 * item's cost) with what they come to in all under them.
 */
function ItemFields({
  register,
  control,
  errors,
  onFee,
}: {
  register: UseFormRegister<RequestFormValues>;
  control: Control<RequestFormValues, unknown, CreateRequestBody>;
  errors: FieldErrors<RequestFormValues>;
  onFee: (fee: string) => void;
}) {
  const [fee, itemCost] = useWatch({ control, name: ['expectedPrice', 'itemCost'] });
  return (
    <>
      <ItemNameField
        placeholder="e.g. Paracetamol 500 mg"
        error={errors.itemName?.message}
        {...register('itemName')}
      />
      <DescriptionField rows={3} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <QuantityField error={errors.quantity?.message} {...register('quantity')} />
        <CategoryField error={errors.category?.message} {...register('category')} />
        <FeeField register={register} error={errors.expectedPrice?.message} value={fee} onSuggest={onFee} />
        <ItemCostField error={errors.itemCost?.message} {...register('itemCost')} />
        <PaymentTotal preview={paymentPreview(fee, itemCost)} />
      </div>
    </>
  );
}
