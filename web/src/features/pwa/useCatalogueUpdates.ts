import { useEffect } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { CATALOGUE_UPDATED } from '../../sw/routes';

/**
 * The service worker answers catalogue reads from its cache at once and refreshes them behind; when
 * a refreshed answer differs it says so, and the products shown are fetched again (fresh).
 */
export function useCatalogueUpdates() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!sw) return;
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === CATALOGUE_UPDATED) dispatch(api.util.invalidateTags(['Product']));
    };
    sw.addEventListener('message', onMessage);
    return () => sw.removeEventListener('message', onMessage);
  }, [dispatch]);
}
