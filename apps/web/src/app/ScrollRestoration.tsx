import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by location key, for the tab's session. */
const STORAGE_KEY = 'react-router-scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** The tab loaded this page from a link or an address typed in, not by a reload or Back/Forward. */
function openedAfresh(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'navigate';
}

/**
 * The scroll position across navigations: a new page opens at the top (or at the element its
 * `#hash` names), Back and Forward return to where that page was scrolled, and so does a reload.
 * Changing a list's filters or tab (a replace on the same path) leaves the page where it is.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const shownKey = useRef(location.key);
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    positions.current ??= savedPositions();
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (positions.current) positions.current[shownKey.current] = window.scrollY;
    };
    const keep = () => {
      remember();
      window.history.scrollRestoration = 'auto';
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or refused: positions last for this page only.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= savedPositions();
    const opening = shownPath.current === null;
    const samePath = shownPath.current === location.pathname;
    shownKey.current = location.key;
    shownPath.current = location.pathname;
    if (navigationType === 'REPLACE' && samePath) return;
    // The page has just opened, and the visitor may have scrolled the drawn page (and be tapping on
    // it) before the app took it over: it is never moved from under them. Opened afresh (not
    // reloaded, not Back), no position kept from an earlier page of the tab applies to it.
    if (opening && (window.scrollY > 0 || openedAfresh())) return;
    // Newer browsers answer scrollTo() with a promise: never the effect's return value.
    const saved = navigationType === 'POP' ? positions.current[location.key] : undefined;
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
