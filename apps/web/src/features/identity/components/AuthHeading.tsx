import type { ReactNode } from 'react';

/** The page's one h1, inside the auth card. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <title>{`${title} · CampusRun`}</title>
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children && <p className="mt-1.5 text-sm text-slate-600">{children}</p>}
    </div>
  );
}
