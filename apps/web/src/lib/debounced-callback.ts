import { useCallback, useEffect, useRef } from 'react';

/**
 * `run(value)` calls `callback(value)` once no other call came for `delay` ms; `cancel()` drops a
 * pending call. The latest callback is used; nothing runs after unmount.
 */
export function useDebouncedCallback<T>(callback: (value: T) => void, delay: number) {
  const callbackRef = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    callbackRef.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const cancel = useCallback(() => clearTimeout(timer.current), []);
  const run = useCallback(
    (value: T) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => callbackRef.current(value), delay);
    },
    [delay],
  );
  return { run, cancel };
}
