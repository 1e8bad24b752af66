import { SAVED_SEARCH_LIMITS } from '@campusrun/shared';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { TextField } from '@/components/ui/Field';
import type { SearchNameValues } from './search-name';

/** A saved search's name (saving one, renaming one): the allowance used as its hint, a refusal under it. */
export function SearchNameField({
  form,
}: {
  form: UseFormReturn<SearchNameValues, unknown, SearchNameValues>;
}) {
  const name = useWatch({ control: form.control, name: 'name' });
  return (
    <TextField
      label="Name"
      autoComplete="off"
      maxLength={SAVED_SEARCH_LIMITS.nameMax}
      error={form.formState.errors.name?.message}
      hint={`${name.length}/${SAVED_SEARCH_LIMITS.nameMax} characters`}
      {...form.register('name')}
    />
  );
}
