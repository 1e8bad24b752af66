import { ArrowLeft } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/Logo';
import { paths } from '@/config/paths';
import { useCampusConfig } from '@/lib/campus-config';

export const TAGLINE = 'Connecting hostellers and day scholars at the campus.';

/** The public layout: logo, title, tagline, a card holding the form, a Back to Home link. */
export function AuthLayout() {
  const { data: config } = useCampusConfig();
  return (
    // From 640 px the card is centred; the space above and below it is 1.5 rem, and 3 rem only on a
    // window tall enough (900 px) that the sign-in screen still fits without scrolling.
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-[max(1rem,env(safe-area-inset-left,0px),env(safe-area-inset-right,0px))] pt-[calc(2rem+env(safe-area-inset-top,0px))] pb-[calc(2rem+env(safe-area-inset-bottom,0px))] sm:justify-center sm:pt-[calc(1.5rem+env(safe-area-inset-top,0px))] sm:pb-[calc(1.5rem+env(safe-area-inset-bottom,0px))] [@media(min-width:40rem)_and_(min-height:56.25rem)]:pt-[calc(3rem+env(safe-area-inset-top,0px))] [@media(min-width:40rem)_and_(min-height:56.25rem)]:pb-[calc(3rem+env(safe-area-inset-bottom,0px))]">
      <header className="flex flex-col items-center text-center">
        <Link
          to={paths.home}
          className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          aria-label="CampusRun home"
        >
          <Logo className="size-12" />
        </Link>
        <p className="mt-3 text-2xl font-bold tracking-tight text-slate-900">CampusRun</p>
        {/* Reserve the line so nothing jumps when the campus name arrives. */}
        <p className="min-h-5 text-sm font-medium text-indigo-700">{config?.campusName ?? ''}</p>
        <p className="mt-1 max-w-sm text-sm text-slate-600">{TAGLINE}</p>
      </header>
      <main className="mt-6 w-full max-w-md">
        <div className="rounded-xl bg-white px-5 py-6 shadow-sm ring-1 ring-slate-200 sm:px-8 sm:py-8">
          <Outlet />
        </div>
        <p className="mt-6 text-center">
          <Link
            to={paths.home}
            className="-my-3 inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        </p>
      </main>
    </div>
  );
}
