import type { FieldError } from '@campusrun/shared';
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Spec §5: editing a field clears its error (instead of re-validating on every key stroke).
 * Pair with `reValidateMode: 'onSubmit'`.
 */
export function useClearErrorOnEdit<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  onEdit?: () => void,
) {
  const { subscribe, clearErrors } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (type !== 'change' || !name) return;
          clearErrors(name as Path<T>);
          onEdit?.();
        },
      }),
    [subscribe, clearErrors, onEdit],
  );
}

/**
 * Put a 400's `errors: [{ param, msg }]` under the matching fields. Returns the errors that
 * match no field of this form (the caller shows them as a general error).
 */
export function applyServerFieldErrors<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  errors: FieldError[] | undefined,
  fields: readonly Path<T>[],
): FieldError[] {
  const unmatched: FieldError[] = [];
  let focused = false;
  for (const error of errors ?? []) {
    const field = fields.find((name) => name === error.param);
    if (!field) {
      unmatched.push(error);
      continue;
    }
    if (form.getFieldState(field).error) continue; // first message per field wins
    form.setError(field, { type: 'server', message: error.msg }, { shouldFocus: !focused });
    focused = true;
  }
  return unmatched;
}
