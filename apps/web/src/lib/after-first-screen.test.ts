import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './after-first-screen';

/** A window still loading, whose idle callbacks run when `idle()` is called. */
function loadingWindow() {
  const idleCallbacks: Array<() => void> = [];
  const target = new EventTarget();
  const win = {
    document: { readyState: 'loading' },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    requestIdleCallback: (fn: () => void) => idleCallbacks.push(fn),
    cancelIdleCallback: (id: number) => idleCallbacks.splice(id - 1, 1, () => {}),
  };
  return {
    win: win as unknown as Window,
    load: () => target.dispatchEvent(new Event('load')),
    idle: () => idleCallbacks.splice(0).forEach((fn) => fn()),
  };
}

describe('afterFirstScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the load event and then for an idle moment', () => {
    vi.useFakeTimers();
    const page = loadingWindow();
    const callback = vi.fn();
    afterFirstScreen(callback, 3000, page.win);
    page.idle();
    expect(callback).not.toHaveBeenCalled();
    page.load();
    expect(callback).not.toHaveBeenCalled();
    page.idle();
    expect(callback).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('runs at the latest after the longest wait, even if the page never finishes loading', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    afterFirstScreen(callback, 3000, loadingWindow().win);
    vi.advanceTimersByTime(2999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('never runs once cancelled', () => {
    vi.useFakeTimers();
    const page = loadingWindow();
    const callback = vi.fn();
    const cancel = afterFirstScreen(callback, 3000, page.win);
    cancel();
    page.load();
    page.idle();
    vi.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
  });
});
