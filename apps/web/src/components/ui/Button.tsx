import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  // An icon keeps its size when a long label wraps.
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors duration-150 [&>svg]:shrink-0 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-indigo-600 text-on-fill shadow-sm hover:bg-indigo-700 disabled:hover:bg-indigo-600 dark:hover:bg-indigo-600/80',
  secondary: 'bg-white text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
  danger:
    'bg-red-600 text-on-fill shadow-sm hover:bg-red-700 focus-visible:outline-red-600 dark:hover:bg-red-600/80',
  /** A way out that is not the screen's main act (Cancel Request): red words on an outline. */
  'danger-outline':
    'bg-white text-red-700 shadow-sm ring-1 ring-red-300 ring-inset hover:bg-red-50 focus-visible:outline-red-600',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

/** Every size is at least 44 px tall: a finger's tap target. */
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-4 py-2.5 text-sm',
  lg: 'px-5 py-3 text-base',
};

/** Classes for anything that should look like a button (e.g. a router Link). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; className?: string } = {}) {
  return clsx(base, variants[variant], sizes[size], fullWidth && 'w-full', className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Disables the button and shows a small spinner inside it. */
  isLoading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={buttonClasses({ variant, size, fullWidth, className })}
      {...props}
    >
      {isLoading && <Spinner />}
      {children}
    </button>
  );
}
