import { useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '../lib/whenIdle';

/**
 * `fallback` until the browser is first idle after this mounted, then `children`. The state is held
 * here rather than by the screen around it, so that the change renders only what waited: Preact would
 * otherwise render the whole screen again (every product card) in the idle task, once for each part
 * that waited.
 */
export default function WhenIdle({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? children : fallback;
}
