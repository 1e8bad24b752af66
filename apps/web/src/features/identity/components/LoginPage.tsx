import {
  AUTH_MESSAGES,
  type CampusConfig,
  type LoginBody,
  SESSION_REFUSAL_MESSAGES,
  type SessionRefusal,
} from '@campusrun/shared';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PasswordField, TextField } from '@/components/ui/Field';
import { dashboardPath, paths, returnPath } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { clearSignedOutNote, readSignedOutNote } from '@/lib/auth-notice';
import { useBrowserFact } from '@/lib/browser-fact';
import { isTakingOver } from '@/lib/boot';
import { useServerSubmit } from '@/lib/forms';
import { useLogin } from '@/api/identity';
import { savePendingVerification } from '../hooks/pending-verification';
import { useAuthForm } from '../hooks/useAuthForm';
import { AuthHeading } from './AuthHeading';
import { CampusConfigGate } from './CampusConfigGate';
import { GoogleSignIn } from './GoogleSignIn';

/** Signing in is one action: its toasts replace each other. */
const LOGIN_TOAST = { toastId: 'auth:login' };

const GOOGLE_ERRORS: Record<string, string> = {
  google_auth_not_configured:
    'Google sign-in is not available at this time. Please try the email/password login.',
  google_auth_failed: 'Google sign-in failed. Please try again or use email/password login.',
};

function LoginForm({ config }: { config: CampusConfig }) {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const loginMutation = useLogin();
  // The address just verified, when the app came here itself (not over a drawn page being typed in).
  const [initialEmail] = useState(() =>
    isTakingOver() ? '' : ((location.state as { email?: string } | null)?.email ?? ''),
  );

  const { form, formProps } = useAuthForm(config, 'login', { email: initialEmail, password: '' });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: ['email', 'password'],
    submit: (values: LoginBody) => loginMutation.mutateAsync(values),
    onSuccess: ({ token, user }) => {
      // The screen that opens says it worked: no toast.
      auth.login(token, user);
      // Back to the page that asked for sign-in (a shared product link, say), else the dashboard.
      navigate(
        user.isProfileComplete
          ? (returnPath(location.state) ?? dashboardPath(user.role))
          : paths.completeProfile,
        { replace: true },
      );
    },
    onError: (error, values) => {
      if (error.status !== 403 || error.isVerified !== false || !error.userId) return false;
      toast.warning(AUTH_MESSAGES.notVerified, LOGIN_TOAST);
      const pending = { email: values.email, userId: error.userId };
      savePendingVerification(pending);
      navigate(paths.verifyEmail, { state: pending });
      return true;
    },
    // Shown in the form's alert only: the same message is not toasted again.
    fallback: (error) =>
      error.status > 0 ? 'Login failed' : 'An unexpected error occurred. Please try again.',
  });

  return (
    <>
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
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            <Link
              to={paths.forgotPassword}
              className="rounded text-sm font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Forgot your password?
            </Link>
          }
          {...register('password')}
        />
        <Button type="submit" fullWidth isLoading={isSubmitting}>
          Sign in
        </Button>
      </form>
      <GoogleSignIn enabled={config.googleEnabled} />
    </>
  );
}

/**
 * Why this device is on the sign-in page when the server ended its session: signed out from another
 * device, or the session expired. Said once (forgotten as it is shown); not while a page drawn
 * before the app's code arrived is taken over, which cannot know it.
 */
function useSignedOutNote(): SessionRefusal | null {
  const [note] = useState(readSignedOutNote);
  const drawn = useBrowserFact(() => false, true);
  useEffect(() => {
    if (note) clearSignedOutNote();
  }, [note]);
  return drawn ? null : note;
}

function SignedOutNotice({ why }: { why: SessionRefusal }) {
  return (
    <p className="mb-5 flex gap-2.5 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{SESSION_REFUSAL_MESSAGES[why]}</span>
    </p>
  );
}

export function LoginPage() {
  const signedOut = useSignedOutNote();
  const [searchParams] = useSearchParams();
  const googleError = searchParams.get('error');

  useEffect(() => {
    const message = googleError ? GOOGLE_ERRORS[googleError] : undefined;
    if (message) toast.error(message, { toastId: googleError ?? undefined });
  }, [googleError]);

  return (
    <>
      <AuthHeading title="Sign in to your account">Welcome back! Sign in with your campus email.</AuthHeading>
      {/* Always there, so that the words are announced when they arrive. */}
      <div role="status">{signedOut && <SignedOutNotice why={signedOut} />}</div>
      <CampusConfigGate>{(config) => <LoginForm config={config} />}</CampusConfigGate>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link
          to={paths.register}
          className="rounded font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Sign up
        </Link>
      </p>
    </>
  );
}
