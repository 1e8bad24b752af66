import { useCallback, useSyncExternalStore } from 'react';

/** Phones: below Tailwind's `md` breakpoint (48rem), the exact complement of `md:` classes. */
export const PHONE_QUERY = 'not all and (min-width: 48rem)';

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Whether a media query matches, following changes (false without matchMedia, and when prerendering). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia()) return () => {};
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => hasMatchMedia() && window.matchMedia(query).matches,
    () => false,
  );
}
