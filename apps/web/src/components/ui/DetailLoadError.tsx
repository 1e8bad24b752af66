import { Link } from 'react-router';
import { plainFailure } from '@/lib/api-client';
import { buttonClasses } from './Button';
import { ErrorState } from './ErrorState';

interface DetailLoadErrorProps {
  /** The server answered 404: nothing to retry, only a way out. */
  notFound: boolean;
  notFoundTitle: string;
  notFoundMessage: string;
  failedTitle: string;
  error: Error | null;
  onRetry: () => void;
  isRetrying: boolean;
  /** Where the way out leads, and its words. */
  back: { to: string; label: string };
}

/** A detail page whose item is missing (404) or failed to load (with Try again), and a way out. */
export function DetailLoadError({
  notFound,
  notFoundTitle,
  notFoundMessage,
  failedTitle,
  error,
  onRetry,
  isRetrying,
  back,
}: DetailLoadErrorProps) {
  return (
    <div className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ErrorState
        title={notFound ? notFoundTitle : failedTitle}
        message={notFound ? notFoundMessage : (plainFailure(error) ?? error?.message)}
        error={notFound ? undefined : error}
        onRetry={notFound ? undefined : onRetry}
        isRetrying={isRetrying}
      />
      <div className="flex justify-center pb-8">
        <Link to={back.to} className={buttonClasses()}>
          {back.label}
        </Link>
      </div>
    </div>
  );
}
