import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Input, type InputProps } from './Input';

/** What a field hands to its control so that label, hint and error are announced with it. */
interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  invalid: boolean;
}

export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  /** Extra content on the label row (e.g. a "Forgot your password?" link). */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label above, control, then helper text and the error in red under it. */
export function Field({ label, error, hint, id, className, labelAside, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={clsx('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={controlId} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {labelAside}
      </div>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        invalid: Boolean(error),
      })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputProps, 'id' | 'invalid'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
  labelAside?: ReactNode;
  fieldClassName?: string;
}

export function TextField({
  label,
  error,
  hint,
  id,
  labelAside,
  fieldClassName,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} labelAside={labelAside} className={fieldClassName}>
      {({ invalid, ...control }) => <Input {...inputProps} {...control} invalid={invalid} />}
    </Field>
  );
}

/** A password input with a show/hide toggle (handy on phones). */
export function PasswordField({
  label,
  error,
  hint,
  id,
  labelAside,
  fieldClassName,
  ...inputProps
}: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} id={id} labelAside={labelAside} className={fieldClassName}>
      {({ invalid, ...control }) => (
        <div className="relative">
          <Input
            {...inputProps}
            {...control}
            type={visible ? 'text' : 'password'}
            invalid={invalid}
            className="pr-11"
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
          >
            {visible ? (
              <EyeOff className="size-5" aria-hidden="true" />
            ) : (
              <Eye className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      )}
    </Field>
  );
}
