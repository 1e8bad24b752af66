import clsx from 'clsx';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { buttonClasses } from './Button';

/**
 * Filters that fold away on phones (below 768 px) behind a "Filters" button with the number of
 * filters in use, so the first results are on screen without scrolling; from 768 px they are always
 * shown and the button is not. The folded fields take their places in the parent's grid
 * (`display: contents`), so the desktop layout is the parent's own.
 */
export function FoldedFilters({
  active,
  className,
  children,
}: {
  /** How many of the folded filters differ from their defaults. */
  active: number;
  /** Where the button sits in the parent's grid. */
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        // The visible words first, then the count the badge shows.
        aria-label={active > 0 ? `Filters (${active} in use)` : undefined}
        onClick={() => setOpen((o) => !o)}
        className={buttonClasses({ variant: 'secondary', className: clsx('min-h-11 md:hidden', className) })}
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Filters
        {active > 0 && (
          <span
            aria-hidden="true"
            className="inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-on-fill"
          >
            {active}
          </span>
        )}
      </button>
      <div id={panelId} className={open ? 'contents' : 'hidden md:contents'}>
        {children}
      </div>
    </>
  );
}
