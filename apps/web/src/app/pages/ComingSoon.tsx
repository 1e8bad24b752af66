import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';

export interface ComingSoonProps {
  title: string;
  empty: string;
  description?: string;
  icon?: LucideIcon;
}

/** A real route whose feature arrives in a later release: its title and an empty state. */
export function ComingSoon({ title, empty, description, icon }: ComingSoonProps) {
  return (
    <>
      <title>{`${title} · CampusRun`}</title>
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <section className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <EmptyState
          icon={icon}
          title={empty}
          description={description ?? 'This part of CampusRun is coming soon.'}
        />
      </section>
    </>
  );
}
