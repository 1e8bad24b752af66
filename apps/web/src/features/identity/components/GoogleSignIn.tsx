import { paths } from '@/config/paths';
import { useBrowserFact } from '@/lib/browser-fact';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}

/**
 * "Or continue with Google": sends the browser to the API, which redirects to Google, or back to
 * /login?error=google_auth_not_configured (and its toast) when the campus has not set it up.
 * On a prerendered screen the button can be pressed before the app's code has run: boot.js then
 * follows its data-href.
 *
 * Not shown when the campus has Google sign-in off. The screens drawn ahead are drawn before the
 * campus is known, so they hold the button, and the browser takes it away once it has the page.
 */
export function GoogleSignIn({ enabled }: { enabled: boolean }) {
  const shown = useBrowserFact(() => enabled, true);
  if (!shown) return null;
  return (
    <div className="mt-6">
      <div className="relative flex items-center" aria-hidden="true">
        <div className="flex-1 border-t border-slate-200" />
        <span className="px-3 text-sm text-slate-500">Or</span>
        <div className="flex-1 border-t border-slate-200" />
      </div>
      <button
        type="button"
        data-href={paths.googleSignIn}
        onClick={() => window.location.assign(paths.googleSignIn)}
        className="mt-4 flex w-full items-center justify-center gap-3 rounded-lg bg-white px-4 py-2.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset transition-colors duration-150 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <GoogleMark />
        Continue with Google
      </button>
    </div>
  );
}
