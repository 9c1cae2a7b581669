import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FIRST_SCREEN_ID } from '../lib/firstScreen';

// Screens load lazily: the first render of one in a test file waits for its modules to be transformed,
// which on a busy two-core machine can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it cannot scroll: each new screen's scrollTo (ScrollRestorer) would print
// "Not implemented" and nothing else.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.getElementById(FIRST_SCREEN_ID)?.remove();
});
