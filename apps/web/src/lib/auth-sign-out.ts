import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from './auth';

/**
 * Sign out, as the user menu and the Me tab offer it: this device's session ends (on the server too),
 * whatever was cached for the member is dropped, and the sign-in page opens.
 */
export function useSignOut(): () => void {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    void navigate(paths.login, { replace: true });
  }, [logout, navigate]);
}
