import type { CampusConfig } from '@campusrun/shared';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useServerSubmit } from '@/lib/forms';
import { useForgotPassword } from '@/api/identity';
import { useAuthForm } from '../hooks/useAuthForm';
import { AuthHeading } from './AuthHeading';
import { CampusConfigGate } from './CampusConfigGate';

const SENT_MESSAGE = 'Password reset instructions sent to your email';
const FAILED_MESSAGE = 'Failed to process request';
/** Sending the reset link is one action: its toasts replace each other. */
const FORGOT_TOAST = { toastId: 'auth:forgot-password' };

function BackToLogin() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link
        to={paths.login}
        className="rounded font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Back to login
      </Link>
    </p>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  const mutation = useForgotPassword();

  async function resend() {
    try {
      await mutation.mutateAsync({ email });
      toast.success(SENT_MESSAGE, FORGOT_TOAST);
    } catch (error) {
      toast.error(errorMessage(error, FAILED_MESSAGE), FORGOT_TOAST);
    }
  }

  return (
    <>
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-green-50 text-green-700">
        <MailCheck className="size-6" aria-hidden="true" />
      </div>
      <AuthHeading title="Check your email">
        If an account exists for <strong className="font-medium break-all text-slate-900">{email}</strong>,
        you&apos;ll find a link to reset your password in your inbox. The link expires in 1 hour.
      </AuthHeading>
      <p className="text-sm text-slate-600">
        Didn&apos;t get the email?{' '}
        <Button
          variant="ghost"
          size="sm"
          onClick={resend}
          isLoading={mutation.isPending}
          className="px-1 py-0.5 text-indigo-700 hover:text-indigo-800"
        >
          Resend
        </Button>
      </p>
      <BackToLogin />
    </>
  );
}

function ForgotPasswordForm({ config, onSent }: { config: CampusConfig; onSent: (email: string) => void }) {
  const mutation = useForgotPassword();
  const { form, formProps } = useAuthForm(config, 'forgotPassword', { email: '' });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  // Shown in the form's alert only: the same message is not toasted again.
  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: [],
    submit: ({ email }) => mutation.mutateAsync({ email }),
    onSuccess: (_, { email }) => {
      toast.success(SENT_MESSAGE, FORGOT_TOAST);
      onSent(email);
    },
    fallback: FAILED_MESSAGE,
  });

  return (
    <form {...formProps} onSubmit={onSubmit} className="space-y-5">
      {generalError && <Alert>{generalError}</Alert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={`you@${config.emailDomain}`}
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" fullWidth isLoading={isSubmitting}>
        Send reset link
      </Button>
    </form>
  );
}

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) return <CheckYourEmail email={sentTo} />;
  return (
    <>
      <AuthHeading title="Forgot your password?">
        Enter your campus email and we&apos;ll send you a link to reset your password.
      </AuthHeading>
      <CampusConfigGate fields={1}>
        {(config) => <ForgotPasswordForm config={config} onSent={setSentTo} />}
      </CampusConfigGate>
      <BackToLogin />
    </>
  );
}
