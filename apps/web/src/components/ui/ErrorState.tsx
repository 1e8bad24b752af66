import clsx from 'clsx';
import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { plainFailure } from '@/lib/api-client';
import { Button } from './Button';

export interface ErrorStateProps {
  title: string;
  message?: ReactNode;
  /** What failed: its reason in plain words shows when there is no `message`. */
  error?: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  className?: string;
}

/**
 * The screen's error: what failed, why in plain words (never a status code), and Retry.
 * Long words (an id or URL in a server message) wrap instead of widening the page on phones.
 */
export function ErrorState({ title, message, error, onRetry, isRetrying, className }: ErrorStateProps) {
  const shown = message ?? plainFailure(error);
  return (
    <div className={clsx('flex flex-col items-center px-4 py-8 text-center', className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 text-base font-medium wrap-anywhere text-slate-900">{title}</p>
      {shown && <p className="mt-1 max-w-sm text-sm wrap-anywhere text-slate-500">{shown}</p>}
      {onRetry && (
        <Button variant="secondary" className="mt-5" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw className="size-4" aria-hidden="true" />}
          Retry
        </Button>
      )}
    </div>
  );
}
