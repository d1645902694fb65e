import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` (aligned to whole seconds so a countdown
 * ticks with the clock). Read from `Date.now()` each time, so a throttled background tab
 * shows the right value when it wakes up.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: number | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      timer = window.setTimeout(tick, intervalMs - (current % 1000) || intervalMs);
    };
    timer = window.setTimeout(tick, intervalMs - (Date.now() % 1000) || intervalMs);
    return () => window.clearTimeout(timer);
  }, [intervalMs]);
  return now;
}
