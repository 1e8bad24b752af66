import clsx from 'clsx';
import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';

export interface ErrorStateProps {
  title: string;
  message?: ReactNode;
  /** Shown behind the "Show error details" disclosure. */
  error?: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  className?: string;
}

export function errorDetail(error: unknown): string {
  if (error instanceof Error) {
    const status =
      'status' in error && typeof error.status === 'number' && error.status > 0
        ? ` (HTTP ${error.status})`
        : '';
    return `${error.name}: ${error.message}${status}`;
  }
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/**
 * The screen's error message, a Retry button and the error detail behind a disclosure.
 * Long words (an id or URL in a server message) wrap instead of widening the page on phones.
 */
export function ErrorState({ title, message, error, onRetry, isRetrying, className }: ErrorStateProps) {
  return (
    <div className={clsx('flex flex-col items-center px-4 py-8 text-center', className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 text-base font-medium wrap-anywhere text-slate-900">{title}</p>
      {message && <p className="mt-1 max-w-sm text-sm wrap-anywhere text-slate-500">{message}</p>}
      {onRetry && (
        <Button variant="secondary" className="mt-5" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw className="size-4" aria-hidden="true" />}
          Retry
        </Button>
      )}
      {error !== undefined && error !== null && (
        <details className="mt-4 w-full max-w-sm text-left">
          <summary className="cursor-pointer rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
            Show error details
          </summary>
          <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap wrap-anywhere text-slate-700">
            {errorDetail(error)}
          </pre>
        </details>
      )}
    </div>
  );
}
