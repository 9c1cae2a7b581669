import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';
import { CATALOGUE_UPDATED } from '../../sw/routes';

/**
 * The service worker answers catalogue reads from its cache at once and refreshes them behind; when
 * a refreshed answer differs it says so, and the products shown are fetched again (fresh).
 *
 * Listens from the app's start, not from a rendered component: the reads the page's head preloads go
 * through the worker while the app is still loading, and the worker's message reaches only those
 * listening when the page has been parsed. Returns a function that stops listening.
 */
export function listenForCatalogueUpdates(store: { dispatch: AppDispatch }): () => void {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (event.data?.type === CATALOGUE_UPDATED) store.dispatch(api.util.invalidateTags(['Product']));
  };
  sw.addEventListener('message', onMessage);
  return () => sw.removeEventListener('message', onMessage);
}
