import { useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (ms since epoch), ticking once a second; 0 when over. */
export function useCountdown(endsAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = window.setInterval(() => {
      tick();
      if (Date.now() >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
