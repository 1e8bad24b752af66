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
