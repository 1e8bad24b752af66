import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';

/**
 * Toasts (react-toastify, top-right, 5000 ms) loaded on first use, so the library stays out of
 * the first screen's JavaScript. Toasts raised before the container is mounted wait for it
 * (react-toastify's own queue would lose them when StrictMode remounts the container in dev).
 */
type Kind = 'success' | 'error' | 'info' | 'warning';
type Options = Pick<ToastOptions, 'toastId' | 'autoClose'>;

const loadToastify = () => import('react-toastify');

let requested = false;
const listeners = new Set<() => void>();

function request() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

let markReady: () => void = () => {};
const containerReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

function show(kind: Kind, message: string, options?: Options) {
  request();
  void Promise.all([loadToastify(), containerReady]).then(([{ toast }]) => {
    toast[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
  info: (message: string, options?: Options) => show('info', message, options),
  warning: (message: string, options?: Options) => show('warning', message, options),
};

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered after the container: its effect runs once the container has registered itself. */
function ContainerReady() {
  useEffect(() => markReady(), []);
  return null;
}

/** Mounts the container once the first toast is raised. */
export function Toaster() {
  const isRequested = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} newestOnTop limit={4} />
      <ContainerReady />
    </Suspense>
  );
}
