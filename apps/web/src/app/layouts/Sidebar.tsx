import type { Role } from '@campusrun/shared';
import clsx from 'clsx';
import { LifeBuoy, ShieldCheck } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/ui/Logo';
import { useCampusConfig } from '@/lib/campus-config';
import { dashboardPath, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { NAV_ITEMS } from './navigation';

export function Sidebar({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { data: config } = useCampusConfig();
  const { user } = useAuth();
  // Moderation is a flag beside the role: moderators get one more entry.
  const items = user?.isModerator
    ? [...NAV_ITEMS[role], { label: 'Moderation', to: paths.moderation, icon: ShieldCheck }]
    : NAV_ITEMS[role];
  return (
    <div className="flex h-full flex-col bg-white">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 px-5">
        <Link
          to={dashboardPath(role)}
          onClick={onNavigate}
          className="flex items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <Logo className="size-8" />
          <span className="text-lg font-bold tracking-tight text-slate-900">CampusRun</span>
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {items.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  clsx(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors duration-150',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                    isActive
                      ? 'bg-indigo-50 text-indigo-700'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {config?.supportEmail && (
        <div className="border-t border-slate-200 p-4">
          <a
            href={`mailto:${config.supportEmail}`}
            className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <LifeBuoy className="size-5 shrink-0" aria-hidden="true" />
            <span>
              Need help? <span className="font-medium text-indigo-700">Contact support</span>
            </span>
          </a>
        </div>
      )}
    </div>
  );
}
