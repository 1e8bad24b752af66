import { changePasswordFormSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { NewPasswordFields } from '@/components/users/NewPasswordFields';
import { Button } from '@/components/ui/Button';
import { PasswordField } from '@/components/ui/Field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, useClearErrorOnEdit } from '@/lib/forms';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { setToken } = useAuth();
  const mutation = useChangePassword();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useClearErrorOnEdit(
    form,
    useCallback(() => setGeneralError(null), []),
  );

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setGeneralError(null);
    try {
      const { token } = await mutation.mutateAsync({ currentPassword, newPassword });
      // The old token is revoked by the change: keep the session with the new one.
      if (token) setToken(token);
      reset(EMPTY);
      toast.success('Password changed successfully', { toastId: 'profile:password' });
    } catch (error) {
      if (error instanceof ApiError && error.errors?.length) {
        const unmatched = applyServerFieldErrors(form, error.errors, ['currentPassword', 'newPassword']);
        if (unmatched.length === 0) return;
      }
      const message = errorMessage(error, 'Failed to change password');
      // Shown in the form's alert only: the same message is not toasted again.
      setGeneralError(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
      {generalError && <Alert>{generalError}</Alert>}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        password={{ ...register('newPassword'), error: errors.newPassword?.message }}
        confirm={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Button type="submit" fullWidth isLoading={isSubmitting}>
        Change password
      </Button>
    </form>
  );
}
