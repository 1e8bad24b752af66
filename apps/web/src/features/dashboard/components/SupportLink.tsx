import { LifeBuoy } from 'lucide-react';
import { useCampusConfig } from '@/lib/campus-config';

/**
 * The dashboards show a support contact link (the address is GET /api/config's).
 * From lg up the sidebar, always in view, carries the same link.
 */
export function SupportLink() {
  const { data: config } = useCampusConfig();
  if (!config?.supportEmail) return null;
  return (
    <p className="mt-8 flex items-center gap-2 text-sm text-slate-600 lg:hidden">
      <LifeBuoy className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Need help?{' '}
        <a
          href={`mailto:${config.supportEmail}`}
          className="rounded font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Contact support
        </a>
      </span>
    </p>
  );
}
