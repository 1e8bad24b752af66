import {
  PROFILE_ANCHORS,
  PROFILE_MESSAGES,
  type User,
  profileUpdateSchema,
  requireHostelFields,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { HostelFields, PhoneField } from '@/components/people/ContactFields';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { useAuth } from '@/lib/auth';
import { useServerSubmit } from '@/lib/forms';
import { useUpdateProfile } from '@/api/account';

const FIELDS = ['name', 'phoneNumber', 'hostelBlock', 'roomNumber', 'upiId'] as const;

/**
 * The profile's own fields. Opened from a link to the UPI ID (`focusUpi`), the cursor starts there.
 */
export function ProfileForm({
  user,
  onDone,
  focusUpi = false,
}: {
  user: User;
  onDone: () => void;
  focusUpi?: boolean;
}) {
  const { updateUser } = useAuth();
  const mutation = useUpdateProfile();
  const isHosteller = user.role === 'hosteller';
  // The shared body schema knows nothing of the role; hostellers must keep block and room.
  const schema = useMemo(
    () =>
      profileUpdateSchema.superRefine((value, ctx) =>
        requireHostelFields({ ...value, role: user.role }, ctx),
      ),
    [user.role],
  );

  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: user.name,
      phoneNumber: user.phoneNumber ?? '',
      hostelBlock: user.hostelBlock ?? '',
      roomNumber: user.roomNumber ?? '',
      upiId: user.upiId ?? '',
    },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (focusUpi) setFocus('upiId', { shouldSelect: false });
  }, [focusUpi, setFocus]);
  // Shown under the fields or in the form's alert only: the same message is not toasted again.
  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: FIELDS,
    submit: (values) =>
      mutation.mutateAsync({
        name: values.name,
        phoneNumber: values.phoneNumber,
        hostelBlock: isHosteller ? values.hostelBlock : null,
        roomNumber: isHosteller ? values.roomNumber : null,
        // Blank is sent as null, which removes it.
        upiId: values.upiId ?? null,
      }),
    onSuccess: ({ user: updated }) => {
      updateUser(updated);
      toast.success(PROFILE_MESSAGES.updated, { toastId: 'profile:save' });
      onDone();
    },
    fallback: 'Failed to update profile',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {generalError && <Alert>{generalError}</Alert>}
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email"
        type="email"
        value={user.email}
        readOnly
        disabled
        hint="Your email cannot be changed."
      />
      <PhoneField error={errors.phoneNumber?.message} {...register('phoneNumber')} />
      {isHosteller && (
        <HostelFields
          hostelBlock={{ ...register('hostelBlock'), error: errors.hostelBlock?.message }}
          roomNumber={{ ...register('roomNumber'), error: errors.roomNumber?.message }}
        />
      )}
      <TextField
        id={PROFILE_ANCHORS.upiId}
        label="UPI ID (optional)"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="name@bank"
        hint="People who owe you see it inside a settlement, to pay you by UPI"
        error={errors.upiId?.message}
        {...register('upiId')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
