import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle after the component mounted (at the latest `timeout` ms later),
 * then true: for what the first paint does not need, so its code and rendering wait until the page
 * has shown what the visitor came for.
 */
export function useIdle(timeout = 3000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof requestIdleCallback !== 'function') {
      const t = setTimeout(done, 0);
      return () => clearTimeout(t);
    }
    const handle = requestIdleCallback(done, { timeout });
    return () => cancelIdleCallback(handle);
  }, [timeout]);
  return idle;
}
