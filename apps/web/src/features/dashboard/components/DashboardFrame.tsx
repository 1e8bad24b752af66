import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth';
import { DashboardError } from './DashboardError';
import { FirstRunCard } from './FirstRunCard';
import { QuickAction, StatCard } from './DashboardParts';
import { SupportLink } from './SupportLink';

export interface Stat {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
}

/**
 * What both dashboards share: the greeting, what needs the student now (`dues`: money owed either
 * way), a first-run card while the dashboard is empty, the stat cards, the quick actions, the role's
 * lists (`children`), 'Failed to load dashboard data' with a Retry that reloads every part, and the
 * support link.
 */
export function DashboardFrame({
  subtitle,
  queries,
  statsLoading,
  stats,
  actions,
  isEmpty,
  dues,
  children,
}: {
  subtitle: string;
  queries: UseQueryResult[];
  statsLoading: boolean;
  stats: Stat[];
  actions: Array<{ to: string; label: string; icon: LucideIcon }>;
  /** Nothing on the dashboard yet: a new student, who gets the first-run card. */
  isEmpty: boolean;
  dues?: ReactNode;
  children: ReactNode;
}) {
  const { user } = useAuth();
  const failed = queries.find((q) => q.isError && !q.isFetching);
  const retry = () => queries.forEach((q) => void q.refetch());

  return (
    <>
      <title>Dashboard · CampusRun</title>
      <h1 className="text-2xl font-semibold wrap-anywhere text-slate-900">
        {user ? `Welcome, ${user.name.split(' ')[0]}` : 'Dashboard'}
      </h1>
      <p className="mt-1 text-sm text-slate-500">{subtitle}</p>
      {dues}

      {failed ? (
        <DashboardError error={failed.error} onRetry={retry} isRetrying={queries.some((q) => q.isFetching)} />
      ) : (
        <>
          {isEmpty && user?.role && <FirstRunCard userId={user.id} role={user.role} />}
          <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Your stats">
            {stats.map((s) => (
              <StatCard
                key={s.label}
                label={s.label}
                value={s.value}
                icon={s.icon}
                isLoading={statsLoading}
              />
            ))}
          </dl>

          <section aria-labelledby="quick-actions" className="mt-8">
            <h2 id="quick-actions" className="text-base font-semibold text-slate-900">
              Quick actions
            </h2>
            <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
              {actions.map((a) => (
                <QuickAction key={a.to} to={a.to} label={a.label} icon={a.icon} />
              ))}
            </div>
          </section>

          <div className="mt-8 grid gap-6 lg:grid-cols-2">{children}</div>
        </>
      )}
      <SupportLink />
    </>
  );
}
