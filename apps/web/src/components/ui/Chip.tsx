import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

/** A small rounded button that fills a value in one tap; `pressed` marks the one in use (44 px tall). */
export function Chip({
  pressed,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pressed?: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={clsx(
        'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 transition-colors ring-inset',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        pressed
          ? 'bg-indigo-50 text-indigo-800 ring-indigo-500'
          : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
        className,
      )}
      {...props}
    />
  );
}
