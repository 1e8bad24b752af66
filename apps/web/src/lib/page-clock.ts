/**
 * The moment a page is drawn at. A screen the server drew says "5 min ago" as of the moment it was
 * drawn, and the browser's first render, which takes that HTML over, must say the same: a minute
 * that turned in between would make React throw the drawn HTML away and draw it again. So the
 * server draws at one moment and writes it into the page; the browser renders at that moment until
 * it has taken the page over, and by the clock from then on.
 */
let heldAt: number | null = null;

/** Now, for what a screen says about time: the held moment while a page is drawn or taken over. */
export const pageNow = (): number => heldAt ?? Date.now();

/** `draw` (a synchronous render, such as the server's) at the moment `at`. */
export function drawnAt<T>(at: number, draw: () => T): T {
  const before = heldAt;
  heldAt = at;
  try {
    return draw();
  } finally {
    heldAt = before;
  }
}

/** Holds the clock at `at` until the function it answers is called (while a page is taken over). */
export function holdClock(at: number): () => void {
  heldAt = at;
  return () => {
    heldAt = null;
  };
}
