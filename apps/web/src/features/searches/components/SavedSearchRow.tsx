import type { SavedSearch } from '@campusrun/shared';
import { Bell, BellOff, ChevronRight, Pencil, Search, ShoppingBag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { SEARCH_KIND_LABELS, searchSummary } from '@/components/searches/search-filters';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { deferredComponent } from '@/lib/deferred';
import { toast } from '@/lib/toast';
import { useDeleteSavedSearch, useUpdateSavedSearch } from '@/api/searches';
import type { RenameSearchDialogProps } from './RenameSearchDialog';

const RenameSearchDialog = deferredComponent<RenameSearchDialogProps>(() =>
  import('./RenameSearchDialog').then((m) => m.RenameSearchDialog),
);

const KIND_ICONS = { products: ShoppingBag, requests: Search } as const;

/** Pause or resume the alerts of one search; the server's words in a toast. */
function PauseButton({ search }: { search: SavedSearch }) {
  const mutation = useUpdateSavedSearch();
  const toggle = () =>
    mutation.mutate(
      { id: search.id, paused: !search.paused },
      {
        onSuccess: ({ message }) => toast.success(message, { toastId: 'search:pause' }),
        onError: (error) =>
          toast.error(errorMessage(error, 'Could not change the alerts of this search'), {
            toastId: 'search:pause',
          }),
      },
    );
  const Icon = search.paused ? Bell : BellOff;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={toggle}
      isLoading={mutation.isPending}
      aria-label={`${search.paused ? 'Resume' : 'Pause'} alerts for ${search.name}`}
    >
      {!mutation.isPending && <Icon className="size-4" aria-hidden="true" />}
      {search.paused ? 'Resume alerts' : 'Pause alerts'}
    </Button>
  );
}

/** Delete, after a confirmation; `onDeleted` says where focus goes once the row is gone. */
function DeleteButton({ search, onDeleted }: { search: SavedSearch; onDeleted: () => void }) {
  const mutation = useDeleteSavedSearch();
  const [confirming, setConfirming] = useState(false);
  const remove = () =>
    mutation.mutate(search.id, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        toast.success(message, { toastId: 'search:delete' });
        onDeleted();
      },
      onError: (error) =>
        toast.error(errorMessage(error, 'Could not delete this search'), { toastId: 'search:delete' }),
    });
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${search.name}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
      <Dialog
        open={confirming}
        onClose={() => !mutation.isPending && setConfirming(false)}
        title="Delete this saved search?"
        description={`“${search.name}” and its alerts will be removed. This cannot be undone.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={remove} isLoading={mutation.isPending}>
              Delete
            </Button>
          </>
        }
      />
    </>
  );
}

/**
 * One saved search: its name, what it looks for and through, its new matches and whether its alerts
 * are paused; Open (the list, filtered), Rename, Pause or Resume alerts, Delete.
 */
export function SavedSearchRow({ search, onDeleted }: { search: SavedSearch; onDeleted: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const KindIcon = KIND_ICONS[search.kind];
  return (
    <li className="px-4 py-4">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="text-base font-medium wrap-anywhere text-slate-900">{search.name}</h2>
            {search.newMatches > 0 && (
              <Badge tone="indigo">
                {search.newMatches} new
                <span className="sr-only">{search.newMatches === 1 ? ' match' : ' matches'}</span>
              </Badge>
            )}
            {search.paused && (
              <Badge>
                <BellOff className="mr-1 size-3" aria-hidden="true" />
                Alerts paused
              </Badge>
            )}
          </div>
          <p className="mt-1 truncate text-sm text-slate-600">{searchSummary(search)}</p>
          <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500">
            <KindIcon className="size-3.5" aria-hidden="true" />
            {SEARCH_KIND_LABELS[search.kind]}
          </p>
        </div>
        <Link
          to={paths.savedSearch(search.id)}
          aria-label={`Open ${search.name}`}
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}
        >
          Open
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-2 -ml-3 flex flex-wrap gap-x-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setRenaming(true)}
          aria-label={`Rename ${search.name}`}
        >
          <Pencil className="size-4" aria-hidden="true" />
          Rename
        </Button>
        <PauseButton search={search} />
        <DeleteButton search={search} onDeleted={onDeleted} />
      </div>
      <RenameSearchDialog search={search} open={renaming} onClose={() => setRenaming(false)} />
    </li>
  );
}
