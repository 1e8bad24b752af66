import { completeProfileSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { HostelFields, PhoneField } from '@/components/people/ContactFields';
import { Button } from '@/components/ui/Button';
import { dashboardPath, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useServerSubmit } from '@/lib/forms';
import { useCompleteGoogleProfile } from '@/api/account';
import { AuthHeading } from './AuthHeading';
import { RoleField } from './RoleField';

const FIELDS = ['role', 'phoneNumber', 'hostelBlock', 'roomNumber'] as const;

export function CompleteProfilePage() {
  const { user, updateUser, logout } = useAuth();
  const navigate = useNavigate();
  const mutation = useCompleteGoogleProfile();

  const form = useForm({
    resolver: zodResolver(completeProfileSchema),
    defaultValues: {
      role: user?.role ?? undefined,
      phoneNumber: user?.phoneNumber ?? '',
      hostelBlock: user?.hostelBlock ?? '',
      roomNumber: user?.roomNumber ?? '',
    },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const role = useWatch({ control, name: 'role' });

  // Shown under the fields or in the form's alert only: the same message is not toasted again.
  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: FIELDS,
    submit: (values) => {
      const isHosteller = values.role === 'hosteller';
      return mutation.mutateAsync({
        role: values.role,
        phoneNumber: values.phoneNumber,
        hostelBlock: isHosteller ? values.hostelBlock : null,
        roomNumber: isHosteller ? values.roomNumber : null,
      });
    },
    onSuccess: ({ user: updated }) => {
      // The dashboard that opens says it worked: no toast.
      updateUser(updated);
      navigate(dashboardPath(updated.role), { replace: true });
    },
    fallback: 'Failed to complete your profile. Please try again.',
  });

  if (!user) return null; // the route guard sends signed-out visitors to /login
  if (user.isProfileComplete && user.role) return <Navigate to={dashboardPath(user.role)} replace />;

  return (
    <>
      <AuthHeading title="Complete your profile">
        Welcome, {user.name}! Tell us a little more before you start.
      </AuthHeading>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {generalError && <Alert>{generalError}</Alert>}
        <RoleField registration={register('role')} error={errors.role?.message} />
        <PhoneField
          placeholder="10-digit mobile number"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        {role === 'hosteller' && (
          <HostelFields
            hostelBlock={{ ...register('hostelBlock'), error: errors.hostelBlock?.message }}
            roomNumber={{ ...register('roomNumber'), error: errors.roomNumber?.message }}
          />
        )}
        <Button type="submit" fullWidth isLoading={isSubmitting}>
          Complete profile
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Not you?{' '}
        <button
          type="button"
          onClick={() => {
            logout();
            navigate(paths.login, { replace: true });
          }}
          className="rounded font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Sign out
        </button>
      </p>
    </>
  );
}
