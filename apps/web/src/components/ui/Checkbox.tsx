import clsx from 'clsx';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  /** A line of helper text under the label. */
  hint?: ReactNode;
  error?: string;
}

/** A checkbox with its label on the right, helper text and error below (works with `register`). */
export function Checkbox({ label, hint, error, id, className, ...props }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  // The box sits inside its label, so the whole line (44 px tall on phones) is what a finger presses.
  return (
    <div className={clsx('text-sm', className)}>
      <label
        htmlFor={inputId}
        className="flex items-center gap-3 font-medium text-slate-700 max-sm:min-h-11 sm:min-h-6"
      >
        <input
          type="checkbox"
          id={inputId}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          className="size-4 shrink-0 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          {...props}
        />
        {label}
      </label>
      {hint && (
        <p id={hintId} className="pl-7 text-slate-500 max-sm:-mt-2">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={clsx('pl-7 text-red-700', !hint && 'max-sm:-mt-2')}>
          {error}
        </p>
      )}
    </div>
  );
}
