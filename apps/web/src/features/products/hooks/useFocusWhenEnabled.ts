import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Focus `ref` once `busy` is over (a form's inputs are disabled while it submits, and a disabled
 * input cannot take the focus): `focusLater()` asks for it, the first render after the form is done
 * gives it.
 */
export function useFocusWhenEnabled(ref: RefObject<HTMLElement | null>, busy: boolean) {
  const wanted = useRef(false);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!wanted.current || busy) return;
    wanted.current = false;
    ref.current?.focus();
  }, [asked, busy, ref]);
  return () => {
    wanted.current = true;
    setAsked((n) => n + 1);
  };
}
