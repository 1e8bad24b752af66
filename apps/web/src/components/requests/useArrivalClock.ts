import { useEffect, useState } from 'react';
import { pageNow } from '@/lib/page-clock';
import { ARRIVAL_TICK_MS } from './arrival';

/**
 * Now, moved on every `ARRIVAL_TICK_MS` while `eta` (ISO) is ahead, for a countdown to it; still
 * once it has passed (nothing more changes), and without `eta`. A new `eta` counts from the moment
 * it arrives, not from the last tick.
 */
export function useArrivalClock(eta: string | null): number {
  const [clock, setClock] = useState(() => ({ eta, now: pageNow() }));
  // Set while rendering (React's pattern for state that follows a prop): the first words said of
  // a new estimate are already right.
  if (clock.eta !== eta) setClock({ eta, now: pageNow() });
  useEffect(() => {
    if (!eta) return;
    const at = Date.parse(eta);
    const tick = () => setClock({ eta, now: Date.now() });
    if (Date.now() >= at) return;
    const timer = window.setInterval(() => {
      tick();
      if (Date.now() >= at) window.clearInterval(timer);
    }, ARRIVAL_TICK_MS);
    return () => window.clearInterval(timer);
  }, [eta]);
  return clock.now;
}
