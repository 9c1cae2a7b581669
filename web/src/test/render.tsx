import { cleanup, fireEvent, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { options } from 'preact';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';
import { routes } from '../app/routes';
import { makeStore, type AppStore } from '../app/store';
import { api } from '../lib/api';
import { testConfig } from './fixtures';

/** The stores of the apps this test rendered. */
const rendered = new Set<AppStore>();

/**
 * A test ends with its app: unmounted, its requests answered by its own fake server, its toasts gone.
 * Otherwise a screen still loading when the test ends (an order page opened by its last click) sends
 * its requests to the next test's fake server, where they count as that test's, and a toast raised
 * after the app is gone waits in react-toastify's queue and shows in the next test's app.
 * (Registered after src/test/setup.ts's hooks, this one runs before them: before fetch is restored.)
 */
afterEach(async () => {
  cleanup();
  const running = [...rendered].flatMap((store) => [
    ...store.dispatch(api.util.getRunningQueriesThunk()),
    ...store.dispatch(api.util.getRunningMutationsThunk()),
  ]);
  rendered.clear();
  await Promise.all(running);
  toast.dismiss();
});

/**
 * Sets a field's value at once, as a browser's colour or date picker does: an input event, then a change
 * event as the pick is committed. The app's onChange handlers run on the input event, as they do when a
 * shopper types (Preact's onChange on a text field is the DOM's input event).
 */
export function pickValue(field: HTMLElement, value: string) {
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field);
}

type Reply = { status?: number; body: unknown } | 'network-error';

/** A request the fake server received: its method and its JSON body, if any. */
export interface MockRequest {
  method: string;
  path: string;
  body: unknown;
}
type Handler = (url: URL, request: MockRequest) => Reply | undefined;

export interface MockServer {
  /** Every request made, as "/api/path?query". */
  calls: string[];
  /** Every request made, with method and body. */
  requests: MockRequest[];
}

/**
 * Replaces fetch with a fake server. The handler answers a request or returns undefined,
 * in which case GET /api/config gets testConfig and anything else a JSON 404.
 */
export function mockApi(handler: Handler = () => undefined): MockServer {
  const server: MockServer = { calls: [], requests: [] };

  // fetchBaseQuery builds a Request from a relative URL ('/api/...'): resolve it against
  // the test page, and drop jsdom's AbortSignal, which Node's Request does not accept.
  const NodeRequest = globalThis.Request;
  class RelativeRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const url = typeof input === 'string' ? new URL(input, window.location.href).href : input;
      super(url, init ? { ...init, signal: undefined } : init);
    }
  }
  vi.stubGlobal('Request', RelativeRequest);

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      server.calls.push(url.pathname + url.search);
      const text = input instanceof Request ? await input.clone().text() : typeof init?.body === 'string' ? init.body : '';
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const request: MockRequest = {
        method: (input instanceof Request ? input.method : init?.method) ?? 'GET',
        path: url.pathname + url.search,
        body,
      };
      server.requests.push(request);
      let reply = handler(url, request);
      if (!reply && url.pathname === '/api/config') reply = { body: testConfig };
      if (!reply) reply = { status: 404, body: { message: `Not found: ${url.pathname}` } };
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return server;
}

/**
 * Holds every answer to `method path` (after mockApi) until the returned release() is called, so a
 * test can act while that request is in flight.
 */
export function holdAnswers(method: string, path: string): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const answer = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const r = input as Request;
    if (r.method === method && new URL(r.url).pathname === path) await released;
    return answer(input, init);
  });
  return release;
}

/**
 * Runs `steps` with the effects of every render held until they end (Preact runs them on the next
 * animation frame; src/test/setup.ts), so that a test can type between a render and its effects, as a
 * fast hand can in a browser. An event (fireEvent, user-event) runs them as it ends, after its own
 * render: Preact first runs the effects the component still owes, from the render before.
 */
export async function withEffectsHeld(steps: () => Promise<void>): Promise<void> {
  const frame = options.requestAnimationFrame;
  const held: (() => void)[] = [];
  options.requestAnimationFrame = (flush) => held.push(flush);
  try {
    await steps();
  } finally {
    options.requestAnimationFrame = frame;
    held.forEach((flush) => flush());
  }
}

/** Renders the whole app (layout and routes) at a route, with a fresh store or the one given. */
export function renderApp(route = '/', store = makeStore()) {
  rendered.add(store);
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, store, router, user };
}
