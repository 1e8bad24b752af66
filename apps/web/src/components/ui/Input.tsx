import clsx from 'clsx';
import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

const control =
  'block w-full max-sm:min-h-11 rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset ' +
  'placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:outline-none sm:text-sm ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';

function controlClasses(invalid?: boolean, className?: string) {
  return clsx(
    control,
    invalid ? 'ring-red-500 focus:ring-red-600' : 'ring-slate-300 focus:ring-indigo-600',
    className,
  );
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  invalid?: boolean;
}

export function Input({ invalid, className, ...props }: InputProps) {
  return (
    <input aria-invalid={invalid || undefined} className={controlClasses(invalid, className)} {...props} />
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
  invalid?: boolean;
}

export function Textarea({ invalid, className, ...props }: TextareaProps) {
  return (
    <textarea aria-invalid={invalid || undefined} className={controlClasses(invalid, className)} {...props} />
  );
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  invalid?: boolean;
}

export function Select({ invalid, className, ...props }: SelectProps) {
  return (
    <select aria-invalid={invalid || undefined} className={controlClasses(invalid, className)} {...props} />
  );
}
