import type { Role } from '@campusrun/shared';
import clsx from 'clsx';
import { Building2, Bus } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

const OPTIONS: { value: Role; label: string; hint: string; icon: typeof Building2 }[] = [
  { value: 'hosteller', label: 'Hosteller', hint: 'I live on campus', icon: Building2 },
  { value: 'dayscholar', label: 'Day Scholar', hint: 'I come in every day', icon: Bus },
];

/** Said under the choice: an account keeps its role (requests and deliveries belong to it). */
const ROLE_IS_FINAL = 'You cannot change this later.';

/** The Hosteller / Day Scholar radio, as two large tappable cards, saying it is chosen for good. */
export function RoleField({
  registration,
  error,
  legend = 'I am a',
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  legend?: string;
}) {
  const errorId = useId();
  const noteId = useId();
  return (
    <fieldset aria-describedby={error ? `${noteId} ${errorId}` : noteId}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-3">
        {OPTIONS.map(({ value, label, hint, icon: Icon }) => (
          <label
            key={value}
            className={clsx(
              'relative flex cursor-pointer flex-col gap-1 rounded-lg bg-white p-3 shadow-sm ring-1 ring-inset',
              'has-checked:bg-indigo-50 has-checked:ring-2 has-checked:ring-indigo-600',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
              error ? 'ring-red-500' : 'ring-slate-300',
            )}
          >
            <input
              type="radio"
              value={value}
              className="sr-only"
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <Icon className="size-4 text-indigo-600" aria-hidden="true" />
              {label}
            </span>
            <span className="text-xs text-slate-600">{hint}</span>
          </label>
        ))}
      </div>
      <p id={noteId} className="mt-1.5 text-xs text-slate-600">
        {ROLE_IS_FINAL}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
