import type { SavedSearch } from '@campusrun/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { type SearchNameValues, searchNameResolver } from '@/components/searches/search-name';
import { SearchNameField } from '@/components/searches/SearchNameField';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useUpdateSavedSearch } from '@/api/searches';

export interface RenameSearchDialogProps {
  search: SavedSearch;
  open: boolean;
  onClose: () => void;
}

const RENAME_TOAST = { toastId: 'search:rename' } as const;

/** Renames a saved search: the name's refusals show at the field, any other in a toast. */
export function RenameSearchDialog({ search, open, onClose }: RenameSearchDialogProps) {
  const formId = useId();
  const mutation = useUpdateSavedSearch();
  const form = useForm<SearchNameValues, unknown, SearchNameValues>({
    resolver: searchNameResolver,
    defaultValues: { name: search.name },
    reValidateMode: 'onSubmit',
  });
  const { reset, clearErrors } = form;
  const { onSubmit } = useServerSubmit(form, {
    fields: ['name'],
    submit: ({ name }) => mutation.mutateAsync({ id: search.id, name }),
    onSuccess: ({ message, search: renamed }) => {
      toast.success(message, RENAME_TOAST);
      reset({ name: renamed.name });
      onClose();
    },
    fallback: 'Could not rename this search',
    showGeneral: (message) => toast.error(message, RENAME_TOAST),
  });
  const close = () => {
    if (mutation.isPending) return;
    reset({ name: search.name });
    clearErrors();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Rename this search"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            Save name
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <SearchNameField form={form} />
      </form>
    </Dialog>
  );
}
