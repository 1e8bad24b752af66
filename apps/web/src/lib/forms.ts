import type { FieldError } from '@campusrun/shared';
import { type RefObject, useEffect, useRef } from 'react';
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

/**
 * The public screens arrive prerendered, so a visitor (or the browser's autofill) can fill a form in
 * before the app has taken the page over. On mount, whatever the form's fields then hold becomes the
 * form's values, so that what depends on them shows (the hostel fields after an early "Hosteller")
 * and nothing typed is lost. Attach the returned ref to the <form>.
 */
export function useAdoptFilledFields<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
): RefObject<HTMLFormElement | null> {
  const ref = useRef<HTMLFormElement>(null);
  const { setValues } = form;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const filled = [...new FormData(element)].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    );
    if (!filled.length) return;
    // After the other effects of this render, so that watchers (useWatch) have subscribed; with
    // shouldDirty they are told even of values the form already read from the fields.
    queueMicrotask(() => setValues(Object.fromEntries(filled) as Partial<T>, { shouldDirty: true }));
  }, [setValues]);
  return ref;
}
