import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, whenSettled } from './after-first-screen';

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
    load: () => {
      win.document.readyState = 'complete';
      target.dispatchEvent(new Event('load'));
    },
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

describe('whenSettled', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the first screen, then the settling time, then another idle moment', () => {
    vi.useFakeTimers();
    const page = loadingWindow();
    const callback = vi.fn();
    whenSettled(callback, 5000, page.win);
    page.load();
    page.idle();
    page.idle();
    vi.advanceTimersByTime(4999);
    page.idle();
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).not.toHaveBeenCalled();
    page.idle();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('never runs once cancelled, at any stage', () => {
    vi.useFakeTimers();
    for (const stage of [0, 1, 2]) {
      const page = loadingWindow();
      const callback = vi.fn();
      const cancel = whenSettled(callback, 5000, page.win);
      if (stage > 0) {
        page.load();
        page.idle();
      }
      if (stage > 1) vi.advanceTimersByTime(5000);
      cancel();
      page.load();
      page.idle();
      vi.advanceTimersByTime(20_000);
      page.idle();
      expect(callback, `cancelled at stage ${stage}`).not.toHaveBeenCalled();
    }
  });
});
