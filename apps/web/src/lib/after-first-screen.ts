/**
 * Runs `callback` once the first screen is out of the way: after the page's load event, when the
 * browser is idle, and at the latest `maxWaitMs` after the call. For code the first screen does not
 * need (the live connection, menus' and dialogs' code), so it does not share the network and the
 * main thread with what the student is waiting for. Where the browser cannot tell idleness
 * (no requestIdleCallback), it runs at once. Answers a function that cancels it.
 */
export function afterFirstScreen(callback: () => void, maxWaitMs = 3000, win: Window = window): () => void {
  if (typeof win.requestIdleCallback !== 'function') {
    callback();
    return () => {};
  }
  let done = false;
  let idle: number | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cleanup();
    callback();
  };
  const whenLoaded = () => {
    idle = win.requestIdleCallback(run, { timeout: 1000 });
  };
  const cap = win.setTimeout(run, maxWaitMs);
  const cleanup = () => {
    win.clearTimeout(cap);
    win.removeEventListener('load', whenLoaded);
    if (idle !== undefined) win.cancelIdleCallback(idle);
  };
  if (win.document.readyState === 'complete') whenLoaded();
  else win.addEventListener('load', whenLoaded, { once: true });
  return () => {
    done = true;
    cleanup();
  };
}

/**
 * Later than `afterFirstScreen`: once the page has been up a while (`settleMs` after the first screen
 * is out of the way, then an idle moment). For code a screen needs only when the student asks for it
 * (the dialogs' and menus' code): its loading and evaluation, a long task on a slow phone, must not
 * fall among the student's first taps. Asking for it sooner (opening the dialog) loads it at once.
 * Where the browser cannot tell idleness, it runs at once.
 */
export function whenSettled(callback: () => void, settleMs = 5000, win: Window = window): () => void {
  // Where the browser cannot tell idleness, no better moment can be found: at once, as above.
  if (typeof win.requestIdleCallback !== 'function') return afterFirstScreen(callback, 0, win);
  let cancelLater = () => {};
  const cancelFirst = afterFirstScreen(
    () => {
      const timer = win.setTimeout(() => {
        cancelLater = afterFirstScreen(callback, 2000, win);
      }, settleMs);
      cancelLater = () => win.clearTimeout(timer);
    },
    3000,
    win,
  );
  return () => {
    cancelFirst();
    cancelLater();
  };
}
