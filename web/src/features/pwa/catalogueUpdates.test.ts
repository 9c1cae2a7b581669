import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { makeStore } from '../../app/store';
import { CATALOGUE_UPDATED } from '../../sw/routes';
import { listenForCatalogueUpdates } from './catalogueUpdates';

describe('listenForCatalogueUpdates', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('fetches the products again when the service worker says its cached answer was stale', () => {
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    const store = makeStore();
    const dispatch = vi.spyOn(store, 'dispatch');
    const stop = listenForCatalogueUpdates(store);

    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    expect(dispatch).not.toHaveBeenCalled();

    worker.dispatchEvent(new MessageEvent('message', { data: { type: CATALOGUE_UPDATED, url: '/api/products' } }));
    expect(dispatch).toHaveBeenCalledWith(api.util.invalidateTags(['Product']));

    stop();
    dispatch.mockClear();
    worker.dispatchEvent(new MessageEvent('message', { data: { type: CATALOGUE_UPDATED } }));
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('does nothing where there are no service workers', () => {
    const stop = listenForCatalogueUpdates(makeStore());
    expect(stop).not.toThrow();
  });
});
