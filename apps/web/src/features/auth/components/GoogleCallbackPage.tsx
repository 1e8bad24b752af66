import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/ui/Spinner';
import { dashboardPath, paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fetchCurrentUser, useAuth } from '@/lib/auth';
import { sessionStore } from '@/lib/session';
import { AuthHeading } from './AuthHeading';

function isTrue(value: string | null) {
  return value === 'true' || value === '1';
}

/** Spec §2 /auth/google-callback: store the token, fetch the user, go where they belong. */
export function GoogleCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { login } = useAuth();
  // Read once: the address bar is cleaned right away so the token is not left in history.
  const [params] = useState(() => ({
    token: searchParams.get('token'),
    completeProfile: isTrue(searchParams.get('complete_profile')),
  }));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);

    const { token, completeProfile } = params;
    if (!token) {
      toast.error('Authentication failed. Please try again.');
      navigate(paths.login, { replace: true });
      return;
    }
    sessionStore.setToken(token);
    fetchCurrentUser()
      .then((user) => {
        login(token, user);
        toast.success('Google sign-in successful!');
        const target =
          completeProfile || !user.isProfileComplete ? paths.completeProfile : dashboardPath(user.role);
        navigate(target, { replace: true });
      })
      .catch((error: unknown) => {
        sessionStore.clear();
        // A token the server refuses is a failed sign-in, not an expired session (spec §8).
        const refused = error instanceof ApiError && error.status === 401;
        toast.error(
          refused
            ? 'Authentication failed. Please try again.'
            : errorMessage(error, 'Google authentication failed'),
        );
        navigate(paths.login, { replace: true });
      });
  }, [params, login, navigate]);

  return (
    <div className="flex flex-col items-center text-center">
      <AuthHeading title="Signing you in…" />
      <Spinner className="size-8 text-indigo-600" label="Completing Google sign-in" />
      <p className="mt-4 text-sm text-slate-600">Completing Google sign-in. This only takes a moment.</p>
    </div>
  );
}
