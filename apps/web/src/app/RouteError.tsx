import { buttonClasses } from '@/components/ui/Button';
import { Logo } from '@/components/ui/Logo';
import { isChunkLoadError } from './lazy-screen';

/** A render failure's technical detail, for a bug report. */
function errorDetail(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

function describe(error: unknown): string {
  const detail = errorDetail(error);
  if (!(error instanceof Error) || !error.stack) return detail;
  // A stack already begins with "Name: message"; do not say it twice.
  return error.stack.startsWith(detail) ? error.stack : `${detail}\n\n${error.stack}`;
}

/** The error screen: a render-time failure shows 'Something went wrong' with details. */
export function RouteError({ error, inLayout = false }: { error: unknown; inLayout?: boolean }) {
  // Inside the signed-in layout the page already has its <main>, header and sidebar.
  const Wrapper = inLayout ? 'div' : 'main';
  return (
    <Wrapper
      className={
        inLayout
          ? 'flex justify-center py-6'
          : 'flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10'
      }
    >
      <title>Something went wrong · CampusRun</title>
      <div className="w-full max-w-lg rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
        <Logo className="mx-auto size-10" />
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-500">
          {isChunkLoadError(error)
            ? 'This page could not be loaded: a newer version of CampusRun may be out, or the connection dropped. Reload to continue.'
            : 'An unexpected error stopped this page from showing. Reloading usually fixes it.'}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
            Reload page
          </button>
          <a href="/" className={buttonClasses({ variant: 'secondary' })}>
            Go to Home
          </a>
        </div>
        <details className="mt-6 text-left">
          <summary className="cursor-pointer rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
            Show error details
          </summary>
          <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap text-slate-700">
            {describe(error)}
          </pre>
        </details>
      </div>
    </Wrapper>
  );
}
