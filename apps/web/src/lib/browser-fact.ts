import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * A fact only the browser knows (a capability, something kept on this device), read during render.
 * The server draws a page with `drawn`, and so does the browser's first render when it takes that
 * page over; the browser's own value follows at once. Read directly, the HTML the server drew and
 * the browser's first render would differ.
 */
export const useBrowserFact = <T>(read: () => T, drawn: T): T =>
  useSyncExternalStore(unchanging, read, () => drawn);
