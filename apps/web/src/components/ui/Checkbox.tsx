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
  return (
    <div className={clsx('flex gap-3', className)}>
      <div className="flex h-6 shrink-0 items-center">
        <input
          type="checkbox"
          id={inputId}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          className="size-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          {...props}
        />
      </div>
      <div className="text-sm">
        <label htmlFor={inputId} className="font-medium text-slate-700">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-slate-500">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
