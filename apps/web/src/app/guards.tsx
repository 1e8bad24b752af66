import type { Role } from '@campusrun/shared';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from '@/lib/toast';
import { dashboardPath, paths, returnPath } from '@/config/paths';
import { useAuth } from '@/lib/auth';

const COMPLETE_PROFILE_MESSAGE = 'Please complete your profile to continue.';

/** Signed-out visitors go to /login. */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated)
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

function RedirectToCompleteProfile() {
  useEffect(() => {
    toast.info(COMPLETE_PROFILE_MESSAGE, { toastId: 'complete-profile' });
  }, []);
  return <Navigate to={paths.completeProfile} replace />;
}

/** A signed-in user whose profile is incomplete goes to /complete-profile first. */
export function RequireCompleteProfile() {
  const { user } = useAuth();
  if (!user?.isProfileComplete || !user.role) return <RedirectToCompleteProfile />;
  return <Outlet />;
}

/** A user on a route of the other role goes to their own dashboard. */
function RequireRole({ role }: { role: Role }) {
  const { user } = useAuth();
  if (user?.role !== role) return <Navigate to={dashboardPath(user?.role)} replace />;
  return <Outlet />;
}

/**
 * /login and /register: a signed-in user is sent back where sign-in was asked for, else to the
 * dashboard of their role.
 */
export function GuestOnly() {
  const { isAuthenticated, user } = useAuth();
  const location = useLocation();
  if (isAuthenticated)
    return (
      <Navigate
        to={(user?.isProfileComplete && returnPath(location.state)) || dashboardPath(user?.role)}
        replace
      />
    );
  return <Outlet />;
}

/** `/` and `/dashboard`: the role dashboard when signed in, otherwise /login. */
export function DashboardRedirect() {
  const { isAuthenticated, user } = useAuth();
  return <Navigate to={isAuthenticated ? dashboardPath(user?.role) : paths.login} replace />;
}

export function HostellerOnly() {
  return <RequireRole role="hosteller" />;
}

export function DayScholarOnly() {
  return <RequireRole role="dayscholar" />;
}

/** The marketplace's older address (hostellers' links from before both roles could buy): same filters. */
export function MarketplaceRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: paths.marketplace, search, hash }} replace />;
}
