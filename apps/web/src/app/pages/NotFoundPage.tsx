import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <title>Page Not Found · CampusRun</title>
      <div className="w-full max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <SearchX className="size-7" aria-hidden="true" />
        </span>
        <p className="mt-4 text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">Page Not Found</h1>
        <p className="mt-2 text-sm text-slate-500">
          The page you are looking for doesn&apos;t exist or has been moved.
        </p>
        <Link to={paths.home} className={buttonClasses({ className: 'mt-6' })}>
          Go to Home
        </Link>
      </div>
    </main>
  );
}
