import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_DELAY_MS, resetServiceWorkerRegistration, useServiceWorker } from './useServiceWorker';

type Options = { onNeedRefresh?: () => void };
const pwa = vi.hoisted(() => ({ update: vi.fn(async (_reload?: boolean) => undefined), options: undefined as Options | undefined }));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: Options) => {
    pwa.options = options;
    return pwa.update;
  },
}));

describe('useServiceWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetServiceWorkerRegistration();
    pwa.options = undefined;
    pwa.update.mockClear();
    Object.defineProperty(navigator, 'serviceWorker', { value: new EventTarget(), configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers the worker a few seconds after the page has loaded, once', () => {
    const first = renderHook(() => useServiceWorker());
    renderHook(() => useServiceWorker());
    expect(pwa.options).toBeUndefined();
    act(() => vi.advanceTimersByTime(REGISTER_DELAY_MS));
    expect(pwa.options).toBeDefined();
    expect(first.result.current.needRefresh).toBe(false);
  });

  it('tells of a waiting new version; Reload switches to it, Not now hides the notice', () => {
    const { result } = renderHook(() => useServiceWorker());
    act(() => vi.advanceTimersByTime(REGISTER_DELAY_MS));
    act(() => pwa.options!.onNeedRefresh!());
    expect(result.current.needRefresh).toBe(true);
    result.current.reload();
    expect(pwa.update).toHaveBeenCalledWith(true);
    act(() => result.current.dismiss());
    expect(result.current.needRefresh).toBe(false);
  });
});
