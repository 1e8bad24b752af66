import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useServerSubmit } from '@/lib/forms';
import { askForPushAfter } from '@/lib/push-ask';
import { toast } from '@/lib/toast';
import { useCreateSavedSearch } from '@/api/searches';
import { SEARCH_KIND_LABELS, type SearchToSave, defaultSearchName, searchSummary } from './search-filters';
import { type SearchNameValues, searchNameResolver } from './search-name';
import { SearchNameField } from './SearchNameField';

export interface SaveSearchDialogProps {
  open: boolean;
  onClose: () => void;
  /** The search on screen: what the list looks through and its filters. */
  search: SearchToSave;
  /** Saved: the place that opened the dialog says where the saved searches are. */
  onSaved: () => void;
}

const SAVE_TOAST = { toastId: 'search:save' } as const;

/**
 * "Save this search": a name (a readable one to start with, built from the filters) for the search
 * on screen. The name's refusals show at the field; any other (no filter, too many searches, too many
 * changes) in a toast with the server's words.
 */
export function SaveSearchDialog({ open, onClose, search, onSaved }: SaveSearchDialogProps) {
  const formId = useId();
  const mutation = useCreateSavedSearch();
  const form = useForm<SearchNameValues, unknown, SearchNameValues>({
    resolver: searchNameResolver,
    defaultValues: { name: defaultSearchName(search) },
    reValidateMode: 'onSubmit',
  });
  const { clearErrors } = form;
  const { onSubmit } = useServerSubmit(form, {
    fields: ['name'],
    submit: ({ name }) => mutation.mutateAsync({ ...search, name }),
    onSuccess: ({ message }) => {
      toast.success(message, SAVE_TOAST);
      askForPushAfter('search');
      onSaved();
      onClose();
    },
    fallback: 'Could not save this search',
    showGeneral: (message) => toast.error(message, SAVE_TOAST),
  });
  const close = () => {
    if (mutation.isPending) return;
    clearErrors();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Save this search"
      description="You’ll get a notification when something new matches, at most once an hour for this search."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            Save search
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm wrap-anywhere text-slate-600">
          <span className="font-medium text-slate-900">{SEARCH_KIND_LABELS[search.kind]}:</span>{' '}
          {searchSummary(search)}
        </p>
        <SearchNameField form={form} />
      </form>
    </Dialog>
  );
}
