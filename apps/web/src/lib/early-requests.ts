/**
 * Answers boot.js asked for before the app's code arrived (the screen's data, started from the
 * page's <head>). A GET the app makes takes the matching answer once instead of asking again, so the
 * data and the code travel at the same time.
 */
declare global {
  interface Window {
    campusrunEarly?: {
      /** The token the answers were asked with: an answer for another session is never used. */
      token: string;
      /** When boot.js asked (ms since the epoch). */
      at: number;
      /** Path and query (`/api/…`) → the pending answer. */
      answers: Record<string, Promise<Response>>;
    };
  }
}

/** An answer older than this when the app asks is left unused: the app asks afresh. */
export const EARLY_ANSWER_MAX_AGE_MS = 15_000;

/** The early answer to a GET of `url` with `token`, handed out once; undefined when there is none. */
export function takeEarlyAnswer(url: string, token: string | null, win: Window = window) {
  const early = win.campusrunEarly;
  if (!early || !token || early.token !== token) return undefined;
  const { pathname, search } = new URL(url, win.location.origin);
  const key = pathname + search;
  const answer = early.answers[key];
  if (!answer) return undefined;
  delete early.answers[key];
  return Date.now() - early.at <= EARLY_ANSWER_MAX_AGE_MS ? answer : undefined;
}
