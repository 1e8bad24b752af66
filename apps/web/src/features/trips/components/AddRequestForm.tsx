import { type DeliveryRequest, type Trip, type TripRequestBody, tripRequestSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Select } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAttachRequest, TRIP_TOAST } from '@/api/trips';
import { tripKeys } from '@/api/cache';

const ATTACH_TOAST = { ...TRIP_TOAST, toastId: 'trip:attach' };
const attachResolver = zodResolver(tripRequestSchema);

/** The choice of one of the hosteller's requests that fit, and the Add button. */
export function AddRequestForm({ trip, options }: { trip: Trip; options: DeliveryRequest[] }) {
  const attach = useAttachRequest();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState('');
  // The first that fits until the hosteller picks one; a pick that no longer fits falls back to it.
  const value = options.some((r) => r.id === chosen) ? chosen : (options[0]?.id ?? '');
  const form = useForm<TripRequestBody>({
    resolver: attachResolver,
    values: { requestId: value },
    reValidateMode: 'onSubmit',
  });
  const { onSubmit } = useServerSubmit(form, {
    fields: ['requestId'],
    submit: ({ requestId }) => attach.mutateAsync({ tripId: trip.id, requestId, action: 'attach' }),
    onSuccess: () => toast.success('Added to the trip: the day scholar will bring it', ATTACH_TOAST),
    // The server says why (full, past its cutoff, due too early, blocked); what changed is fetched.
    onError: (error) => {
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: tripKeys.detail(trip.id) });
      if (error.status === 400) return false;
      toast.error(errorMessage(error, 'Failed to add the request'), ATTACH_TOAST);
      return true;
    },
    fallback: 'Failed to add the request',
    showGeneral: (message) => form.setError('requestId', { message }),
  });
  const field = form.register('requestId', {
    onChange: (event: { target: { value: string } }) => {
      setChosen(event.target.value);
      form.clearErrors('requestId');
    },
  });
  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={onSubmit} noValidate>
      <Field label="Your pending request" error={form.formState.errors.requestId?.message} className="flex-1">
        {({ invalid, ...control }) => (
          <Select invalid={invalid} {...control} {...field}>
            {options.map((request) => (
              <option key={request.id} value={request.id}>
                {`${request.itemName} · due ${formatDateTime(request.deadline)}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" isLoading={attach.isPending}>
        Add to trip
      </Button>
    </form>
  );
}
