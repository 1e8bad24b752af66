import { useEffect, useRef, type PointerEvent } from 'react';

/** How long a finger rests on a message before its menu opens. */
const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE = 10;

/**
 * Handlers that call `onLongPress` when a finger rests on the element (touch only: a mouse has its
 * hover button). The touch that ends a long press is swallowed, so it neither clicks what is under
 * it nor closes the menu it just opened, and the browser's own long-press menu does not show.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = () => {
    clearTimeout(timer.current);
    start.current = null;
  };
  useEffect(() => cancel, []);

  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType !== 'touch') return;
      cancel();
      fired.current = false;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        start.current = null;
        fired.current = true;
        window.addEventListener('touchend', (end) => end.preventDefault(), { capture: true, once: true });
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove(event: PointerEvent) {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onContextMenu(event: { preventDefault(): void }) {
      if (fired.current || start.current) event.preventDefault();
    },
  };
}
