import { SAVED_SEARCH_MESSAGES } from '@campusrun/shared';
import clsx from 'clsx';
import { BellPlus, Check } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { SaveSearchDialog } from './deferred';
import { type SearchToSave, narrowsSearch } from './search-filters';

/**
 * "Save this search", beside a list's filters: opens the save dialog for the search on screen. Turned
 * off, with the reason beside it, while the search has no words and no filter (the server refuses
 * those). Once saved, it leads to the saved searches until the filters change.
 */
export function SaveSearchButton({ search, className }: { search: SearchToSave; className?: string }) {
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const key = JSON.stringify(search);
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const narrows = narrowsSearch(search);
  // The button that opened the dialog is gone once saved: focus moves to the link in its place.
  const link = useRef<HTMLAnchorElement>(null);
  const focusLink = useRef(false);
  useEffect(() => {
    if (!focusLink.current || open) return;
    focusLink.current = false;
    link.current?.focus();
  }, [open, savedKey]);

  return (
    <div className={clsx('flex items-center justify-end gap-3', className)}>
      {savedKey === key ? (
        <Link ref={link} to={paths.searches} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <Check className="size-4 text-green-700" aria-hidden="true" />
          Saved · See saved searches
        </Link>
      ) : (
        <>
          {!narrows && (
            <p id={reasonId} className="min-w-0 text-right text-sm text-slate-500">
              {SAVED_SEARCH_MESSAGES.emptyFilters}
            </p>
          )}
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0"
            disabled={!narrows}
            aria-describedby={narrows ? undefined : reasonId}
            onClick={() => setOpen(true)}
          >
            <BellPlus className="size-4" aria-hidden="true" />
            Save this search
          </Button>
        </>
      )}
      {/* A new search on screen starts a new form, named after it. */}
      <SaveSearchDialog
        key={key}
        open={open}
        onClose={() => setOpen(false)}
        search={search}
        onSaved={() => {
          focusLink.current = true;
          setSavedKey(key);
        }}
      />
    </div>
  );
}
