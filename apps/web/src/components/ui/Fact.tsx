import type { ReactNode } from 'react';

/** A label and its value in a detail page's list of facts (<dl>); slate-600 keeps ≥ 4.5:1 on tinted boxes too. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}
