import { LOST_FOUND_KINDS, LOST_FOUND_UI } from '@campusrun/shared';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { KindIcon } from './KindIcon';

/** "I lost something" or "I found something": two large choices side by side, the error under them. */
export function KindField({
  error,
  registered,
}: {
  error?: string;
  registered: UseFormRegisterReturn<'kind'>;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{LOST_FOUND_UI.form.kindLegend}</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-3">
        {LOST_FOUND_KINDS.map((kind) => (
          <label
            key={kind}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg bg-white p-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 ring-inset has-checked:bg-indigo-50 has-checked:ring-2 has-checked:ring-indigo-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
          >
            <input type="radio" value={kind} className="sr-only" {...registered} />
            <KindIcon kind={kind} className="size-10 max-[359px]:hidden" />
            <span className="min-w-0">{LOST_FOUND_UI.form.kindOptions[kind]}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
