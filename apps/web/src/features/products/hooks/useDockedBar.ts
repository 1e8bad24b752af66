import { type RefObject, useLayoutEffect, useState } from 'react';
import { useToastClearance } from '@/lib/toast';

/** What keeps a page's content clear of a bar fixed to the bottom of the screen. */
function clearance(bar: HTMLElement): { height: number; fromBottom: number } {
  if (getComputedStyle(bar).position !== 'fixed') return { height: 0, fromBottom: 0 };
  const rect = bar.getBoundingClientRect();
  return { height: Math.ceil(rect.height), fromBottom: Math.ceil(window.innerHeight - rect.top) };
}

/**
 * A bar that is fixed to the bottom of the screen where the CSS says so (phones and tablets) and
 * sits in the page elsewhere. Answers its height while fixed (0 otherwise), for the page to keep its
 * last line above it. While fixed, toasts rise above it and a field or button that takes focus is
 * scrolled clear of it.
 */
export function useDockedBar(ref: RefObject<HTMLElement | null>): number {
  useToastClearance(ref, 'bottom');
  const [height, setHeight] = useState(0);
  // Measured by a ResizeObserver, which reports once the browser has laid the page out anyway (before
  // painting that frame), rather than here: reading the bar's box while a screen is being drawn
  // would make the browser lay out the whole page at once, in the middle of the drawing task.
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement.style;
    const measure = () => {
      const now = clearance(bar);
      setHeight(now.height);
      if (now.fromBottom > 0) root.setProperty('scroll-padding-bottom', `${now.fromBottom}px`);
      else root.removeProperty('scroll-padding-bottom');
    };
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (observer) observer.observe(bar);
    else measure();
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.removeProperty('scroll-padding-bottom');
    };
  }, [ref]);
  return height;
}
