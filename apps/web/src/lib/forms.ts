import type { FieldError } from '@campusrun/shared';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from './api-client';

/**
 * Editing a field clears its error, instead of checking the field again on every key stroke: an
 * error shows until the student changes what it is about. Pair with `reValidateMode: 'onSubmit'`.
 */
function useClearErrorOnEdit<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, onEdit?: () => void) {
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
function applyServerFieldErrors<T extends FieldValues, C, O>(
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

export interface ServerSubmitOptions<T extends FieldValues, O, R> {
  /** The form's fields, in focus order, that a 400's `errors: [{ param, msg }]` may name. */
  fields: readonly Path<T>[];
  /** Sends the checked values (usually a mutation's `mutateAsync`). */
  submit: (values: O) => Promise<R>;
  onSuccess?: (result: R, values: O) => unknown;
  /**
   * Sees every failure first (an unreachable server or any other throw arrives as status 0); branch
   * on `error.reason`, never on the message. Return true when the form has shown the failure itself.
   */
  onError?: (error: ApiError, values: O) => boolean | void;
  /** The general error's text when the server sent no message. */
  fallback: string | ((error: ApiError) => string);
  /** Where the general error shows; by default in `generalError`, for the form's alert. */
  showGeneral?: (message: string) => void;
}

/**
 * A form's submit to the server: sends the checked values; on failure puts each of a 400's field
 * errors under its field (the first one focused) and shows what no field holds (or the server's
 * message, or `fallback`) as one general error, so no message shows twice. Editing a field clears
 * its error and the general one. Spread `onSubmit` on the <form>.
 */
export function useServerSubmit<T extends FieldValues, C, O, R>(
  form: UseFormReturn<T, C, O>,
  { fields, submit, onSuccess, onError, fallback, showGeneral }: ServerSubmitOptions<T, O, R>,
) {
  const [generalError, setGeneralError] = useState<string | null>(null);
  useClearErrorOnEdit(
    form,
    useCallback(() => setGeneralError(null), []),
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    let result: R;
    try {
      result = await submit(values);
    } catch (caught) {
      const error = caught instanceof ApiError ? caught : new ApiError(0, null, 'Unexpected error');
      if (onError?.(error, values)) return;
      const fieldErrors = error.errors ?? [];
      const unmatched = applyServerFieldErrors(form, fieldErrors, fields);
      if (fieldErrors.length > 0 && unmatched.length === 0) return;
      const message = unmatched.length
        ? unmatched.map((e) => e.msg).join(' ')
        : errorMessage(error, typeof fallback === 'string' ? fallback : fallback(error));
      (showGeneral ?? setGeneralError)(message);
      return;
    }
    await onSuccess?.(result, values);
  });

  return { onSubmit, generalError, setGeneralError };
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
