declare global {
  interface Window {
    /** Set once the app handles its forms (boot/boot.js holds submits back until then). */
    campusrunReady?: boolean;
    /** The form a visitor submitted before that, kept by boot/boot.js. */
    campusrunPendingSubmit?: EventTarget | null;
  }
}

let takingOver = false;

/** main.tsx: the first render is taking the prerendered HTML over (hydration), not drawing afresh. */
export function markTakeOver(): void {
  takingOver = true;
}

/**
 * True until the app has taken the prerendered screen over. Its fields then belong to the visitor,
 * who may be typing in them: a form must start from what the HTML shows, not from other values
 * (navigation state), or it would write over what was typed.
 */
export const isTakingOver = (): boolean => takingOver;

/**
 * The app has taken the page over: forms submit through their own handlers from now on, and a form
 * the visitor submitted while the prerendered page was still waiting for the code is sent now (its
 * fields kept what was typed: taking the HTML over keeps the elements).
 */
export function appReady(win: Window = window): void {
  takingOver = false;
  win.campusrunReady = true;
  const pending = win.campusrunPendingSubmit;
  win.campusrunPendingSubmit = null;
  if (pending instanceof HTMLFormElement && pending.isConnected) pending.requestSubmit();
}
