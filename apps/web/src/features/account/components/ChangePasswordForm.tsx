import { PROFILE_MESSAGES, changePasswordFormSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { NewPasswordFields } from '@/components/people/NewPasswordFields';
import { Button } from '@/components/ui/Button';
import { PasswordField } from '@/components/ui/Field';
import { useAuth } from '@/lib/auth';
import { useServerSubmit } from '@/lib/forms';
import { useChangePassword } from '@/api/account';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The password change, opened from the Security card: current password, the new one twice. It opens
 * with the cursor in its first field; Cancel, or a change that went through, closes it (`onDone`).
 */
export function ChangePasswordForm({ id, onDone }: { id?: string; onDone: () => void }) {
  const { setToken } = useAuth();
  const mutation = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => setFocus('currentPassword'), [setFocus]);
  // Shown under the fields or in the form's alert only: the same message is not toasted again.
  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: ['currentPassword', 'newPassword'],
    submit: ({ currentPassword, newPassword }) => mutation.mutateAsync({ currentPassword, newPassword }),
    onSuccess: ({ token }) => {
      // The old token is revoked by the change: keep the session with the new one.
      if (token) setToken(token);
      reset(EMPTY);
      toast.success(PROFILE_MESSAGES.passwordChanged, { toastId: 'profile:password' });
      onDone();
    },
    fallback: 'Failed to change password',
  });

  return (
    <form id={id} onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
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
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          Save new password
        </Button>
      </div>
    </form>
  );
}
