import clsx from 'clsx';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** A form-level message (e.g. the server's answer that belongs to no single field). */
export function Alert({
  tone = 'error',
  children,
  className,
}: {
  tone?: 'error' | 'success';
  children: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'error' ? AlertCircle : CheckCircle2;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'flex gap-2.5 rounded-lg px-3 py-2.5 text-sm ring-1 ring-inset',
        tone === 'error'
          ? 'bg-red-50 text-red-800 ring-red-200'
          : 'bg-green-50 text-green-800 ring-green-200',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
