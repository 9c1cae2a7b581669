import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, vi } from 'vitest';
import { FIRST_SCREEN_ID } from '../lib/firstScreen';

// Screens load lazily: the first render of one in a test file waits for its modules to be transformed,
// which on a busy two-core machine can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it cannot scroll: each new screen's scrollTo (ScrollRestorer) would print
// "Not implemented" and nothing else.
window.scrollTo = () => {};

// Preact runs effects on the next animation frame, or after a 35 ms timer on Node's clock if no frame
// comes first. That timer outlives the test file: one left by a file's last render fired after the
// environment had closed jsdom and deleted its globals, and failed a CI run with "cancelAnimationFrame
// is not defined" (setup.test.tsx). jsdom's frames come every 16 ms and stop when its window closes.
options.requestAnimationFrame = (flush) => requestAnimationFrame(flush);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.getElementById(FIRST_SCREEN_ID)?.remove();
});
