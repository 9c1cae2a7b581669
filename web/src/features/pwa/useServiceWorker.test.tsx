import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useServiceWorker } from './useServiceWorker';

const pwa = vi.hoisted(() => ({ update: vi.fn(async (_reload?: boolean) => undefined), options: undefined as unknown }));
vi.mock('virtual:pwa-register/react', async () => {
  const { useState } = await import('react');
  return {
    useRegisterSW: (options: unknown) => {
      pwa.options = options;
      const needRefresh = useState(true);
      return { needRefresh, offlineReady: useState(false), updateServiceWorker: pwa.update };
    },
  };
});

describe('useServiceWorker', () => {
  it('reloads into the waiting version, or hides the notice until the next visit', () => {
    const { result } = renderHook(() => useServiceWorker());
    expect(result.current.needRefresh).toBe(true);
    result.current.reload();
    expect(pwa.update).toHaveBeenCalledWith(true);
    act(() => result.current.dismiss());
    expect(result.current.needRefresh).toBe(false);
  });
});
