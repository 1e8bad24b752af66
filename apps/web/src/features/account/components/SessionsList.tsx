import type { DeviceSession } from '@campusrun/shared';
import { LaptopMinimal, LogOut, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatRelativeTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useEndAllSessions, useEndSession, useSessions } from '@/api/account';

const PHONE = /Android|iOS/;

function DeviceIcon({ device }: { device: string }) {
  const Icon = PHONE.test(device)
    ? Smartphone
    : device === 'Unknown device'
      ? MonitorSmartphone
      : LaptopMinimal;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

/**
 * The devices signed in to the account: each other one with Sign out, and, while there is another,
 * Sign out of all devices (after which this one is signed out too and lands on the sign-in page).
 */
// eslint-disable-next-line max-lines-per-function -- one list with its loading, error and ending states.
export function SessionsList() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endAll = useEndAllSessions();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState<string | null>(null);

  const signOut = async (session: DeviceSession) => {
    setEnding(session.id);
    try {
      await endSession.mutateAsync(session.id);
      toast.success(`${session.device} signed out`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not sign that device out'));
    } finally {
      setEnding(null);
    }
  };
  const signOutEverywhere = async () => {
    try {
      const { message } = await endAll.mutateAsync();
      setConfirming(false);
      logout({ serverEnded: true });
      toast.success(message);
      navigate(paths.login, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not sign out of all devices'));
    }
  };

  if (sessions.isPending)
    return (
      <div className="mt-4 space-y-3" role="status" aria-label="Loading signed-in devices">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-2/3" />
      </div>
    );
  if (sessions.isError)
    return (
      <ErrorState
        title="Failed to load your signed-in devices"
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        isRetrying={sessions.isFetching}
      />
    );
  if (sessions.data.length === 0)
    return (
      <EmptyState
        icon={MonitorSmartphone}
        title="No signed-in devices"
        description="Devices appear here when you sign in on them."
      />
    );

  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <>
      <ul className="mt-4 divide-y divide-slate-100" aria-label="Signed-in devices">
        {sessions.data.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
            <DeviceIcon device={session.device} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                <span className="break-words">{session.device}</span>
                {session.current && <Badge tone="green">This device</Badge>}
              </p>
              <p className="text-xs text-slate-500">
                <span className="block sm:inline">
                  {session.current ? 'Active now' : `Last active ${formatRelativeTime(session.lastSeenAt)}`}
                </span>
                <span className="hidden sm:inline" aria-hidden="true">
                  {' · '}
                </span>{' '}
                <span className="block sm:inline">Signed in {formatDate(session.createdAt)}</span>
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                size="sm"
                className="ml-13 sm:ml-0"
                onClick={() => void signOut(session)}
                isLoading={ending === session.id}
                disabled={ending !== null || endAll.isPending}
                aria-label={`Sign out ${session.device}`}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {others === 0
            ? 'You are signed in on this device only.'
            : 'Sign out a device you do not recognise, or every device at once.'}
        </p>
        {others > 0 && (
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)} className="shrink-0">
            <LogOut className="size-4" aria-hidden="true" />
            Sign out of all devices
          </Button>
        )}
      </div>
      <Dialog
        open={confirming}
        onClose={() => !endAll.isPending && setConfirming(false)}
        title="Sign out of all devices?"
        description="Every device signed in to your account, this one included, will have to sign in again."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={endAll.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void signOutEverywhere()} isLoading={endAll.isPending}>
              Sign out everywhere
            </Button>
          </>
        }
      />
    </>
  );
}
