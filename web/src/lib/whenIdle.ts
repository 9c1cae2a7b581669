/**
 * Runs `run` once the browser is first idle (at the latest `timeout` ms later), for what the first
 * paint does not need: its code and rendering wait until the page has shown what the visitor came
 * for. Returns what cancels it, for an effect's cleanup.
 */
export function whenIdle(run: () => void, timeout = 3000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const t = setTimeout(run, 0);
    return () => clearTimeout(t);
  }
  const handle = requestIdleCallback(() => run(), { timeout });
  return () => cancelIdleCallback(handle);
}
