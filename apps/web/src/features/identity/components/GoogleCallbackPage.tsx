import { AUTH_MESSAGES } from '@campusrun/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { dashboardPath, paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { exchangeGoogleCode } from '@/api/identity';
import { AuthHeading } from './AuthHeading';

/**
 * /auth/google-callback: trades the one-time code the server sent here for a session, then goes
 * where the user belongs (completing the profile first when it is incomplete). Arriving there is
 * the sign-in's feedback; a failure stays on this page, with the way back to sign in.
 */
export function GoogleCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { login } = useAuth();
  // Read once: the address bar is cleaned right away so the code is not left in history.
  const [code] = useState(() => searchParams.get('code'));
  const [failure, setFailure] = useState<string | null>(() => (code ? null : AUTH_MESSAGES.googleFailed));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!code) return;
    exchangeGoogleCode(code)
      .then(({ token, user, completeProfile }) => {
        login(token, user);
        const target =
          completeProfile || !user.isProfileComplete ? paths.completeProfile : dashboardPath(user.role);
        navigate(target, { replace: true });
      })
      .catch((error: unknown) => {
        // A code the server refuses (used, expired, or from another browser) is a failed sign-in.
        const refused = error instanceof ApiError && error.status < 500;
        setFailure(
          refused ? AUTH_MESSAGES.googleFailed : errorMessage(error, 'Google authentication failed'),
        );
      });
  }, [code, login, navigate]);

  if (failure)
    return (
      <>
        <AuthHeading title="Couldn’t sign you in" />
        <Alert>{failure}</Alert>
        <p className="mt-6 text-center text-sm">
          <Link
            to={paths.login}
            className="rounded font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Back to sign in
          </Link>
        </p>
      </>
    );

  return (
    <div className="flex flex-col items-center text-center">
      <AuthHeading title="Signing you in…" />
      <Spinner className="size-8 text-indigo-600" label="Completing Google sign-in" />
      <p className="mt-4 text-sm text-slate-600">Completing Google sign-in. This only takes a moment.</p>
    </div>
  );
}
