import {
  Component,
  type ReactNode,
  type RefObject,
  Suspense,
  lazy,
  useEffect,
  useSyncExternalStore,
} from 'react';
import type { ToastOptions } from 'react-toastify';

/**
 * Toasts (react-toastify, 5000 ms) loaded on first use, so the library stays out of the first
 * screen's JavaScript. Toasts raised before the container is mounted wait for it (react-toastify's
 * own queue would lose them when StrictMode remounts the container in dev). When the library cannot
 * be loaded (the network dropped, or a new version replaced its file), the messages still show, in
 * a plain fallback list: a toast never takes the app down.
 *
 * One toast per action: a toast raised with the `toastId` of one still on screen replaces it (text,
 * colour and timer), so "Email verified" takes the place of an earlier "Invalid OTP" instead of
 * stacking under it. Give every action its own id (`'auth:verify'`, `'request:accept'`…) and use it
 * for both its success and its error.
 *
 * Toasts sit below the bars at the top of the screen (the app's top bar, a chat header), never over
 * their buttons: top-right on wide screens, full width with side margins on phones.
 */
type Kind = 'success' | 'error' | 'info' | 'warning';
type Options = Pick<ToastOptions, 'toastId' | 'autoClose'>;

const AUTO_CLOSE_MS = 5000;

const loadToastify = () => import('react-toastify');

/** A tiny external store: whether the container is wanted, and the fallback's messages. */
interface FallbackToast {
  id: string;
  kind: Kind;
  message: string;
}
let requested = false;
let fallback: FallbackToast[] = [];
let fallbackSeq = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const fallbackTimers = new Map<string, ReturnType<typeof setTimeout>>();

function showFallback(kind: Kind, message: string, options?: Options) {
  const id = options?.toastId === undefined ? `fallback-${++fallbackSeq}` : String(options.toastId);
  // The same action's earlier toast is replaced in place, its timer started again.
  fallback = fallback.some((t) => t.id === id)
    ? fallback.map((t) => (t.id === id ? { id, kind, message } : t))
    : [...fallback, { id, kind, message }].slice(-4);
  notify();
  clearTimeout(fallbackTimers.get(id));
  fallbackTimers.delete(id);
  const close = options?.autoClose === false ? undefined : (options?.autoClose ?? AUTO_CLOSE_MS);
  if (close !== undefined)
    fallbackTimers.set(
      id,
      setTimeout(() => dismissFallback(id), close),
    );
}
function dismissFallback(id: string) {
  clearTimeout(fallbackTimers.get(id));
  fallbackTimers.delete(id);
  fallback = fallback.filter((t) => t.id !== id);
  notify();
}

/**
 * The bars toasts must stay clear of. Their lowest bottom edge is published as the CSS variable
 * `--toast-clearance` on <html>, measured again whenever a bar is added, removed or resized, the
 * window is resized, and just before every toast.
 */
/** The bars toasts keep clear of, and at which edge of the screen each one sits. */
const bars = new Map<HTMLElement, 'top' | 'bottom'>();
let barObserver: ResizeObserver | undefined;

/** A phone's toasts never climb higher than this above the bottom (a tall sheet's buttons aside). */
const MAX_BOTTOM_SHARE = 0.6;

function measureClearance() {
  if (typeof document === 'undefined') return;
  let top = 0;
  let bottom = 0;
  const height = window.innerHeight;
  for (const [bar, edge] of bars) {
    const rect = bar.getBoundingClientRect();
    // A hidden bar (display: none) has no box; one scrolled away is not in the way.
    if (rect.height === 0) continue;
    if (edge === 'top' && rect.bottom > 0) top = Math.max(top, rect.bottom);
    if (edge === 'bottom' && rect.top < height) bottom = Math.max(bottom, height - rect.top);
  }
  bottom = Math.min(bottom, Math.round(height * MAX_BOTTOM_SHARE));
  setClearance('--toast-clearance', top);
  setClearance('--toast-clearance-bottom', bottom);
}

/**
 * Sets (or, at 0, removes) one clearance on <html>, only when it changes: a change there restyles
 * the whole page, and the next measurement would have to lay it out again.
 */
function setClearance(name: string, px: number) {
  const root = document.documentElement.style;
  const value = px > 0 ? `${Math.round(px)}px` : '';
  if (root.getPropertyValue(name) === value) return;
  if (value) root.setProperty(name, value);
  else root.removeProperty(name);
}

/**
 * Keeps toasts clear of this bar while it is on screen: below a bar at the top (the top bar, a chat
 * header) on every screen, above one at the bottom (the tab bar, the composer, a sheet's buttons)
 * on a phone, where toasts rise from the bottom.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>, edge: 'top' | 'bottom' = 'top') {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    bars.set(bar, edge);
    if (bars.size === 1) window.addEventListener('resize', measureClearance);
    // The observer reports the bar's size once the page is next laid out (and on every change):
    // no layout is forced while a screen is being drawn, and the bars drawn together are measured
    // once.
    if (typeof ResizeObserver !== 'undefined') {
      barObserver ??= new ResizeObserver(measureClearance);
      barObserver.observe(bar);
    } else measureClearance();
    return () => {
      bars.delete(bar);
      barObserver?.unobserve(bar);
      if (bars.size === 0) window.removeEventListener('resize', measureClearance);
      measureClearance();
    };
  }, [ref, edge]);
}

/** Settles once: the container registered itself, or it could not be loaded (fallback from then on). */
let markReady: () => void = () => {};
let markFailed: () => void = () => {};
const container = new Promise<void>((resolve, reject) => {
  markReady = resolve;
  markFailed = reject;
});
container.catch(() => {});

function show(kind: Kind, message: string, options?: Options) {
  if (!requested) {
    requested = true;
    notify();
  }
  Promise.all([loadToastify(), container]).then(
    ([{ toast }]) => {
      measureClearance();
      const id = options?.toastId;
      if (id !== undefined && toast.isActive(id)) {
        // Replace the action's toast on screen: new text and colour, its timer started again.
        toast.update(id, {
          render: message,
          type: kind,
          autoClose: options?.autoClose ?? AUTO_CLOSE_MS,
          progress: undefined,
        });
      } else toast[kind](message, options);
    },
    () => showFallback(kind, message, options),
  );
}

/** Closes the toast raised with this `toastId`, if it is still shown. */
function dismiss(id: string) {
  dismissFallback(id);
  if (!requested) return;
  Promise.all([loadToastify(), container]).then(
    ([{ toast }]) => toast.dismiss(id),
    () => {},
  );
}

export const toast = {
  dismiss,
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
  info: (message: string, options?: Options) => show('info', message, options),
  warning: (message: string, options?: Options) => show('warning', message, options),
};

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

/** Rendered after the container: its effect runs once the container has registered itself. */
function ContainerReady() {
  useEffect(() => markReady(), []);
  return null;
}

/** The messages raised while the library could not be loaded: plain, below the bars, dismissible. */
function FallbackToasts() {
  const items = useSyncExternalStore(
    subscribe,
    () => fallback,
    () => fallback,
  );
  if (items.length === 0) return null;
  return (
    <ul className="toast-fallback fixed z-[9999] flex flex-col gap-2">
      {items.map((t) => (
        <li
          key={t.id}
          role={t.kind === 'error' || t.kind === 'warning' ? 'alert' : 'status'}
          className="flex items-start gap-3 rounded-lg bg-white p-3 text-sm text-slate-900 shadow-lg ring-1 ring-slate-200"
        >
          <span className="flex-1">{t.message}</span>
          <button
            type="button"
            onClick={() => dismissFallback(t.id)}
            aria-label="Close"
            className="rounded px-1 text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A container that failed to load (or to render) leaves the fallback list, never a blank app. */
class ContainerBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    markFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Mounts the container once the first toast is raised. */
export function Toaster() {
  const isRequested = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return (
    <>
      {isRequested && (
        <ContainerBoundary>
          <Suspense fallback={null}>
            <ToastContainer position="top-right" autoClose={AUTO_CLOSE_MS} newestOnTop limit={4} />
            <ContainerReady />
          </Suspense>
        </ContainerBoundary>
      )}
      <FallbackToasts />
    </>
  );
}
