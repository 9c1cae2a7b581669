import { useEffect, useRef, useState } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { cacheFirstVisit } from './cacheFirstVisit';

/** How often an open tab asks the server for a new version of the app. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** How long after the page has loaded the worker is registered. */
export const REGISTER_DELAY_MS = 3000;

let registered = false;

/**
 * Registers the service worker (dist/sw.js) a few seconds after the page has loaded: installing it
 * downloads the whole app shell, which must not compete with the first visit's own pictures. A new
 * version waits until the next visit, or until the visitor reloads through the update prompt.
 */
export function useServiceWorker() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const update = useRef<(reloadPage?: boolean) => Promise<void>>(undefined);

  useEffect(() => {
    if (registered || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const register = () => {
      if (registered) return;
      registered = true;
      cacheFirstVisit();
      update.current = registerSW({
        immediate: true,
        onNeedRefresh: () => setNeedRefresh(true),
        onRegisteredSW(_url, registration) {
          if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
        },
      });
    };
    const later = () => {
      timer = setTimeout(register, REGISTER_DELAY_MS);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      clearTimeout(timer);
    };
  }, []);

  return {
    needRefresh,
    reload: () => {
      // vite-plugin-pwa reloads by itself only when the page was already controlled when it
      // registered, not on a first visit: the page reloads here once the new worker has taken over.
      navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      void update.current?.(true);
    },
    dismiss: () => setNeedRefresh(false),
  };
}

/** For tests. */
export function resetServiceWorkerRegistration() {
  registered = false;
}
