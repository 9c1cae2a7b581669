import { useRegisterSW } from 'virtual:pwa-register/react';
import { cacheFirstVisit } from './cacheFirstVisit';

/** How often an open tab asks the server for a new version of the app. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (dist/sw.js). A new version waits until the next visit, or until the
 * visitor reloads through the update prompt.
 */
export function useServiceWorker() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // After the page has loaded: installing (downloading the app shell) must not slow the first visit.
    immediate: false,
    onRegisteredSW(_url, registration) {
      cacheFirstVisit();
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  return {
    needRefresh,
    reload: () => void updateServiceWorker(true),
    dismiss: () => setNeedRefresh(false),
  };
}
