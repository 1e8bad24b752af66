import { resetPasswordFormSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { NewPasswordFields } from '@/components/people/NewPasswordFields';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useServerSubmit } from '@/lib/forms';
import { useResetPassword } from '@/api/identity';
import { AuthHeading } from './AuthHeading';

export const MISSING_TOKEN_MESSAGE = 'Invalid or missing reset token';

function MissingToken() {
  useEffect(() => {
    toast.error(MISSING_TOKEN_MESSAGE, { toastId: 'missing-reset-token' });
  }, []);
  return <Navigate to={paths.forgotPassword} replace />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  // Shown in the form's alert only: the same message is not toasted again.
  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: [],
    submit: ({ password }) => mutation.mutateAsync({ token, password }),
    onSuccess: () => {
      toast.success('Password reset successful!', { toastId: 'auth:reset-password' });
      navigate(paths.login, { replace: true });
    },
    fallback: 'Password reset failed',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {generalError && (
        <Alert>
          {generalError}{' '}
          <Link to={paths.forgotPassword} className="font-medium underline">
            Request a new link
          </Link>
        </Alert>
      )}
      <NewPasswordFields
        password={{ ...register('password'), error: errors.password?.message }}
        confirm={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Button type="submit" fullWidth isLoading={isSubmitting}>
        Reset password
      </Button>
    </form>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <MissingToken />;
  return (
    <>
      <AuthHeading title="Set a new password">Choose a new password for your account.</AuthHeading>
      <ResetPasswordForm token={token} />
      <p className="mt-6 text-center text-sm">
        <Link
          to={paths.login}
          className="rounded font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Back to login
        </Link>
      </p>
    </>
  );
}
