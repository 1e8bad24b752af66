import { AUTH_MESSAGES } from '@campusrun/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/ui/Spinner';
import { dashboardPath, paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { exchangeGoogleCode } from '@/api/identity';
import { AuthHeading } from './AuthHeading';

/**
 * /auth/google-callback: trades the one-time code the server sent here for a session, then goes
 * where the user belongs (completing the profile first when it is incomplete).
 */
export function GoogleCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { login } = useAuth();
  // Read once: the address bar is cleaned right away so the code is not left in history.
  const [code] = useState(() => searchParams.get('code'));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);

    if (!code) {
      toast.error(AUTH_MESSAGES.googleFailed);
      navigate(paths.login, { replace: true });
      return;
    }
    exchangeGoogleCode(code)
      .then(({ token, user, completeProfile }) => {
        login(token, user);
        toast.success('Google sign-in successful!');
        const target =
          completeProfile || !user.isProfileComplete ? paths.completeProfile : dashboardPath(user.role);
        navigate(target, { replace: true });
      })
      .catch((error: unknown) => {
        // A code the server refuses (used, expired, or from another browser) is a failed sign-in.
        const refused = error instanceof ApiError && error.status < 500;
        toast.error(
          refused ? AUTH_MESSAGES.googleFailed : errorMessage(error, 'Google authentication failed'),
        );
        navigate(paths.login, { replace: true });
      });
  }, [code, login, navigate]);

  return (
    <div className="flex flex-col items-center text-center">
      <AuthHeading title="Signing you in…" />
      <Spinner className="size-8 text-indigo-600" label="Completing Google sign-in" />
      <p className="mt-4 text-sm text-slate-600">Completing Google sign-in. This only takes a moment.</p>
    </div>
  );
}
