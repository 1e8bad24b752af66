import {
  type ComponentType,
  type RefObject,
  createElement,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';
import { whenSettled } from './after-first-screen';

/** Code loaded once, on first need; a failed load (offline) is tried again at the next need. */
export function deferredModule<T>(load: () => Promise<T>) {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get: (): Promise<T> =>
      (pending ??= load().then(
        (v) => (value = v),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    peek: () => value,
  };
}

export type DeferredModule<T> = ReturnType<typeof deferredModule<T>>;

/** What the real control does when it replaces its stand-in: open (it was pressed) or take focus. */
export type Arrival = 'open' | 'focus' | null;

/**
 * A control whose code the first screen does not need (a menu, a popover). The screen draws a stand-in
 * that looks the same. The code loads once the first screen is drawn (or when the pointer comes over
 * the stand-in), but the real control takes the stand-in's place only when the student presses or
 * focuses it: drawing a menu library's control is a long task on a slow phone, and it never runs
 * unasked while the page starts. A press on the stand-in opens the real control when it is drawn, and
 * focus on it moves to the real one.
 */
export function useDeferred<T>(module: DeferredModule<T>) {
  const [value, setValue] = useState<T | undefined>(module.peek);
  const arrival = useRef<Arrival>(null);
  const [arrivedAs, setArrivedAs] = useState<Arrival>(null);
  const show = useCallback((v: T) => {
    setArrivedAs(arrival.current);
    setValue(() => v);
  }, []);
  useEffect(() => {
    if (value !== undefined) return;
    return whenSettled(() => void module.get().catch(() => {}));
  }, [module, value]);
  const reach = useCallback(
    (how: Exclude<Arrival, null> | 'load') => {
      // Pointing at it only fetches the code: swapping the control under a pointer that is about to
      // press would move the press's target.
      if (how === 'load') return void module.get().catch(() => {});
      if (how === 'open' || (how === 'focus' && arrival.current === null)) arrival.current = how;
      module.get().then(show, () => {});
    },
    [module, show],
  );
  const leave = useCallback(() => {
    if (arrival.current === 'focus') arrival.current = null;
  }, []);
  return { value, arrivedAs, reach, leave };
}

/** The real control's side: once mounted, open or focus its button as the stand-in asked. */
export function useArrival(arrivedAs: Arrival | undefined, existing?: RefObject<HTMLButtonElement | null>) {
  const own = useRef<HTMLButtonElement>(null);
  const button = existing ?? own;
  useEffect(() => {
    if (arrivedAs === 'open') button.current?.click();
    else if (arrivedAs === 'focus') button.current?.focus();
  }, [arrivedAs, button]);
  return button;
}

/** The props a stand-in button spreads: pressing, pointing at or focusing it brings the real one. */
export function standInProps(control: {
  reach: (how: 'open' | 'focus' | 'load') => void;
  leave: () => void;
}) {
  return {
    type: 'button' as const,
    // Marks the stand-in (for tests: pointing at it may swap in the real control before a press).
    'data-stand-in': '',
    onClick: () => control.reach('open'),
    // A press counts from its start: when the real control replaces the stand-in before the press
    // ends, the browser sends the click to neither, and the press would be lost.
    onPointerDown: () => control.reach('open'),
    onPointerEnter: () => control.reach('load'),
    onFocus: () => control.reach('focus'),
    onBlur: control.leave,
  };
}

/**
 * A component the first screen never shows (a dialog): it draws nothing until it is first asked to
 * show (`open`). Its code loads once the first screen is drawn, or at once when it is asked to show,
 * so opening it never waits for more than its own file. Closed and never opened, it is not drawn at
 * all: a dialog's form is a long task on a slow phone, and a page must not pay for every dialog it
 * might open. Once opened it stays drawn, so it can play its closing transition.
 *
 * Opening is drawn in the background (a deferred value): the press that opens it is answered at
 * once, and the dialog follows in the next frames instead of holding the press's paint back while
 * it is drawn. Closing is immediate.
 */
export function deferredComponent<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const module = deferredModule(load);
  return function Deferred(props: P) {
    const drawnOpen = useDeferredValue(props.open);
    const open = props.open && drawnOpen;
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    const [Real, setReal] = useState<ComponentType<P> | undefined>(module.peek);
    useEffect(() => {
      if (Real) return;
      let live = true;
      const arrive = (component: ComponentType<P>) => {
        if (live) setReal(() => component);
      };
      if (open) module.get().then(arrive, () => {});
      // Arriving unasked, it is noted in a transition: an urgent update would make React finish
      // taking the page over in one long task.
      const cancel = whenSettled(() =>
        module.get().then(
          (component) => startTransition(() => arrive(component)),
          () => {},
        ),
      );
      return () => {
        live = false;
        cancel();
      };
    }, [Real, open]);
    return Real && opened ? createElement(Real, { ...props, open }) : null;
  };
}
