import { useRef } from 'react';

/**
 * A signed photo link lasts about an hour (and a removed photo is gone): when one does not load, what
 * carried the link is read again for fresh links (`refetch`), at most once a minute.
 */
export function usePhotoRefresh(refetch: () => void) {
  const refreshedAt = useRef(0);
  return () => {
    if (Date.now() - refreshedAt.current < 60_000) return;
    refreshedAt.current = Date.now();
    refetch();
  };
}
